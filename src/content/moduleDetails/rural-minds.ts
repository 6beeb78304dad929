import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'Farming is one of the most isolated and demanding ways of life, and farmers are among the least likely to ask for help with their mental health. Rural Minds takes you onto the farm to see the pressures of the job through a farmer’s eyes: long hours alone, weather and market worries, livestock, debt and a family business to hand on.',
    'It shows health professionals how distress can present in rural patients, and how to open a conversation that a farmer will want to continue. A shorter, farmer-facing version speaks directly to farming families about looking after their own mental health.',
  ],
  outcomes: [
    {
      items: [
        'Describe the pressures on mental health that are particular to farming and rural life.',
        'Recognise how distress may present in farmers, often as physical complaints or through family members.',
        'Start a conversation about mental health in a way that fits rural culture and working life.',
        'Assess risk, including suicide risk, and agree a safety plan.',
        'Signpost to rural support organisations as well as NHS mental health services.',
      ],
    },
  ],
  resources: [
    {
      items: [
        {
          title: 'Depression in adults: treatment and management (NG222)',
          href: 'https://www.nice.org.uk/guidance/ng222',
          publisher: 'NICE',
        },
        {
          title: 'Self-harm: assessment, management and preventing recurrence (NG225)',
          href: 'https://www.nice.org.uk/guidance/ng225',
          publisher: 'NICE',
        },
        {
          title: 'Support for farming people and families',
          href: 'https://fcn.org.uk/',
          publisher: 'The Farming Community Network',
        },
        {
          title: 'Mind Your Head: mental wellbeing in farming',
          href: 'https://www.yellowwellies.org/',
          publisher: 'The Farm Safety Foundation',
        },
        {
          title: 'Talk to someone, any time: 116 123',
          href: 'https://www.samaritans.org/',
          publisher: 'Samaritans',
        },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: names of the farming families and organisations
    'Made with the farming families who opened their farm and shared their stories.',
    // to confirm: names of the clinical advisers
    'With thanks to the rural GPs and mental health professionals who advised on the module.',
  ],
};
