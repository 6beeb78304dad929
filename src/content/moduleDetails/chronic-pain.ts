import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'Persistent pain affects every part of a person’s life, and consultations about it can leave both patient and clinician frustrated. This module follows a patient living with chronic primary pain through a series of appointments.',
    'You experience her day from her point of view, then practise the conversations that help: validating her pain, exploring what matters to her and agreeing a plan beyond medicines alone.',
  ],
  outcomes: [
    {
      items: [
        'Describe the impact of chronic pain on daily life, mood, work and relationships.',
        'Assess chronic pain in a person-centred way, including its effect on quality of life.',
        'Explain the evidence for non-drug approaches, such as exercise programmes and psychological therapies.',
        'Review and, where appropriate, reduce opioids and other medicines with limited benefit, together with the patient.',
        'Agree a care and support plan built around the person’s goals.',
      ],
    },
  ],
  resources: [
    {
      items: [
        {
          title:
            'Chronic pain (primary and secondary) in over 16s: assessment of all chronic pain and management of chronic primary pain (NG193)',
          href: 'https://www.nice.org.uk/guidance/ng193',
          publisher: 'NICE',
        },
        {
          title: 'Medicines associated with dependence or withdrawal symptoms (NG215)',
          href: 'https://www.nice.org.uk/guidance/ng215',
          publisher: 'NICE',
        },
        {
          title: 'Opioids Aware',
          href: 'https://www.fpm.ac.uk/opioids-aware',
          publisher: 'Faculty of Pain Medicine',
        },
        {
          title: 'Living with chronic pain',
          href: 'https://www.nhs.uk/live-well/healthy-body/ways-to-manage-chronic-pain/',
          publisher: 'NHS',
        },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: names of the clinical advisers and contributors
    'With thanks to the people living with chronic pain and the clinicians who advised on this module.',
  ],
};
