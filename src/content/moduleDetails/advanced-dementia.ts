import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'In the later stages of dementia, good care depends on understanding a person who may no longer be able to explain what they need. This module follows a man living with advanced dementia, his wife and the team who care for him at home and in a care home.',
    'It covers distress and its causes, eating and drinking, and the conversations about future care and the end of life that families need the chance to have.',
  ],
  outcomes: [
    {
      items: [
        'Recognise pain, delirium and unmet needs as causes of distress in advanced dementia.',
        'Use non-drug approaches first and use medicines for distress safely.',
        'Support decisions about eating, drinking and hospital admission in the person’s best interests.',
        'Talk with families about advance care planning and what to expect towards the end of life.',
        'Coordinate care across the practice, community teams and care homes.',
      ],
    },
  ],
  resources: [
    {
      items: [
        {
          title: 'Dementia: assessment, management and support (NG97)',
          href: 'https://www.nice.org.uk/guidance/ng97',
          publisher: 'NICE',
        },
        {
          title: 'End of life care for adults: service delivery (NG142)',
          href: 'https://www.nice.org.uk/guidance/ng142',
          publisher: 'NICE',
        },
        {
          title: 'Care of dying adults in the last days of life (NG31)',
          href: 'https://www.nice.org.uk/guidance/ng31',
          publisher: 'NICE',
        },
        {
          title: 'Support for families: Admiral Nurses',
          href: 'https://www.dementiauk.org/',
          publisher: 'Dementia UK',
        },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: names of the care home and clinical advisers
    'Filmed with the help of a care home team, families and clinical advisers in palliative and dementia care.',
  ],
};
