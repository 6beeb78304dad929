import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'A home visit shows you far more than a consulting room can. Step through the front door with a clinician visiting an older patient who lives alone, and look around: the medicines on the kitchen table, the stairs, the empty fridge, the unopened post.',
    'The module trains you to take in the whole setting, balance clinical need with risk and safeguarding, and leave with a safe, shared plan.',
  ],
  outcomes: [
    {
      items: [
        'Prepare for a home visit: the records to review, the equipment to take and your own safety.',
        'Recognise environmental clues to frailty, falls risk, self-neglect and medicines problems.',
        'Identify safeguarding concerns and know how to raise them.',
        'Assess clinical need in the home and decide on next steps with the patient and those close to them.',
        'Document and hand over the findings of a visit clearly.',
      ],
    },
  ],
  resources: [
    {
      items: [
        {
          title: 'Falls in older people: assessing risk and prevention (CG161)',
          href: 'https://www.nice.org.uk/guidance/cg161',
          publisher: 'NICE',
        },
        {
          title: 'Medicines optimisation (NG5)',
          href: 'https://www.nice.org.uk/guidance/ng5',
          publisher: 'NICE',
        },
        {
          title: 'Safeguarding adults',
          href: 'https://www.scie.org.uk/safeguarding/',
          publisher: 'Social Care Institute for Excellence',
        },
        {
          title: 'Care Act 2014',
          href: 'https://www.legislation.gov.uk/ukpga/2014/23/contents',
          publisher: 'legislation.gov.uk',
        },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: names of the practice and clinical advisers
    'Developed with the general practice team and clinical advisers who helped to film it.',
  ],
};
