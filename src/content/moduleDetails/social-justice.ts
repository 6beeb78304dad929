import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'Where people live, work and grow up shapes their health as much as any treatment. This module follows patients whose circumstances (low income, insecure housing, caring responsibilities, language and digital barriers) stand between them and the care they need.',
    'You see the same appointment system from their side of the counter, and explore practical changes a practice team can make to reach the people who need it most.',
  ],
  outcomes: [
    {
      items: [
        'Describe the social determinants of health and how they show up in primary care.',
        'Recognise barriers to access, including cost, language, literacy and digital exclusion.',
        'Ask about social circumstances sensitively and respond with useful support.',
        'Use social prescribing and community services as part of a care plan.',
        'Identify changes the practice can make to reduce health inequalities.',
      ],
    },
  ],
  resources: [
    {
      items: [
        {
          title: 'Core20PLUS5: an approach to reducing healthcare inequalities',
          href: 'https://www.england.nhs.uk/about/equality/equality-hub/national-healthcare-inequalities-improvement-programme/core20plus5/',
          publisher: 'NHS England',
        },
        {
          title: 'Health equity in England: the Marmot Review 10 years on',
          href: 'https://www.health.org.uk/publications/reports/the-marmot-review-10-years-on',
          publisher: 'The Health Foundation',
        },
        {
          title: 'Social prescribing',
          href: 'https://www.england.nhs.uk/personalisedcare/social-prescribing/',
          publisher: 'NHS England',
        },
        {
          title: 'Health inequalities explained',
          href: 'https://www.kingsfund.org.uk/insight-and-analysis/long-reads/what-are-health-inequalities',
          publisher: 'The King’s Fund',
        },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: partner names
    'Made with the patients, community organisations and practice staff who shared their experiences.',
  ],
};
