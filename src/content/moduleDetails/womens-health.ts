import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'In her late forties, a working mother is sleeping badly, her periods have changed and she feels she is no longer herself at work or at home. The module follows her perimenopause journey through primary care, from the first appointment to a shared decision about treatment.',
    'You hear her thoughts as well as her words, and make the choices that help or hinder her care.',
  ],
  outcomes: [
    {
      items: [
        'Recognise the physical and psychological symptoms of perimenopause, including atypical presentations.',
        'Diagnose perimenopause and menopause on clinical grounds, knowing when investigations are and are not needed.',
        'Explain the benefits and risks of hormone replacement therapy and of non-hormonal options in plain language.',
        'Reach a shared decision about management that reflects the patient’s priorities.',
        'Plan follow-up and know when to refer for specialist advice.',
      ],
    },
  ],
  resources: [
    {
      heading: 'Clinical Guidance',
      items: [
        {
          title: 'Menopause: identification and management (NG23)',
          href: 'https://www.nice.org.uk/guidance/ng23',
          publisher: 'NICE',
        },
        {
          title: 'Guidance and tools for clinicians',
          href: 'https://thebms.org.uk/',
          publisher: 'British Menopause Society',
        },
        {
          title: 'Resources for primary care',
          href: 'https://pcwhf.co.uk/',
          publisher: 'Primary Care Women’s Health Forum',
        },
      ],
    },
    {
      heading: 'Decision Making',
      items: [
        {
          title: 'Shared decision making (NG197)',
          href: 'https://www.nice.org.uk/guidance/ng197',
          publisher: 'NICE',
        },
        {
          title: 'BRAN: Benefits, Risks, Alternatives, and what if I do Nothing?',
          href: 'https://www.choosingwisely.co.uk/',
          publisher: 'Choosing Wisely UK',
        },
      ],
    },
    {
      heading: 'For Patients',
      items: [
        { title: 'Menopause', href: 'https://www.nhs.uk/conditions/menopause/', publisher: 'NHS' },
        {
          title: 'Fact sheets on menopause',
          href: 'https://www.womens-health-concern.org/',
          publisher: 'Women’s Health Concern',
        },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: the academy's name
    'Developed in partnership with a primary care workforce academy.',
  ],
};
