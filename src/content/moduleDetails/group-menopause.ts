import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'Group consultations let a clinician see a group of patients with a shared condition together, with time for information, peer support and individual questions. Menopause is one of the areas where patients value them most.',
    'This module takes you inside a menopause group clinic, from the facilitator’s welcome to the clinician’s one-to-one moments, and shows how each role keeps the session safe, confidential and useful.',
  ],
  outcomes: [
    {
      items: [
        'Explain how a group consultation works and what patients gain from it.',
        'Describe the roles of the facilitator, the clinician and the administrator.',
        'Plan a menopause group clinic: inviting patients, confidentiality agreements and the session plan.',
        'Facilitate discussion so that every participant is heard and questions are answered.',
        'Record the consultation and arrange individual follow-up where needed.',
      ],
    },
  ],
  resources: [
    {
      items: [
        {
          title: 'Menopause: identification and management (NG23)',
          href: 'https://www.nice.org.uk/guidance/ng23',
          publisher: 'NICE',
        },
        // to confirm: a page on group consultations, if the business has a preferred one
        {
          title: 'Personalised care',
          href: 'https://www.england.nhs.uk/personalisedcare/',
          publisher: 'NHS England',
        },
        {
          title: 'Menopause',
          href: 'https://www.nhs.uk/conditions/menopause/',
          publisher: 'NHS',
        },
        {
          title: 'Guidance and tools for clinicians',
          href: 'https://thebms.org.uk/',
          publisher: 'British Menopause Society',
        },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: names of the practice and facilitators
    'Filmed with a practice team that runs menopause group clinics and the patients who took part.',
  ],
};
