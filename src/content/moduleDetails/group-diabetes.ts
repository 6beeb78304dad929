import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'People with type 2 diabetes often learn as much from each other as from their clinician. This module follows a diabetes group consultation from the invitation letter to follow-up, showing how a practice team shares results, answers questions and helps patients set their own goals.',
    'See the session from the facilitator’s, the clinician’s and the patients’ places in the room, and practise the moments that make a group work.',
  ],
  outcomes: [
    {
      items: [
        'Explain the benefits of group consultations for people living with type 2 diabetes.',
        'Prepare a session: choosing patients, sharing results and the roles in the team.',
        'Use results such as HbA1c, blood pressure and weight to prompt discussion and goal setting.',
        'Handle sensitive questions in a group and know when to offer a one-to-one follow-up.',
        'Evaluate a group clinic and improve the next one.',
      ],
    },
  ],
  resources: [
    {
      items: [
        {
          title: 'Type 2 diabetes in adults: management (NG28)',
          href: 'https://www.nice.org.uk/guidance/ng28',
          publisher: 'NICE',
        },
        {
          title: 'Healthier You: NHS Diabetes Prevention Programme',
          href: 'https://www.england.nhs.uk/diabetes/diabetes-prevention/',
          publisher: 'NHS England',
        },
        {
          title: 'Type 2 diabetes',
          href: 'https://www.nhs.uk/conditions/type-2-diabetes/',
          publisher: 'NHS',
        },
        {
          title: 'Information and support',
          href: 'https://www.diabetes.org.uk/',
          publisher: 'Diabetes UK',
        },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: names of the practice and facilitators
    'Filmed with a practice team that runs diabetes group clinics and the patients who took part.',
  ],
};
