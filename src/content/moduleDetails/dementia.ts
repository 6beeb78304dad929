import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'Follow a woman and her daughter from the first worries about memory to a diagnosis and a plan for living well. Filmed in real general practices, the module puts you in the room for the moments that shape the early dementia journey: the first appointment, the assessment, sharing the diagnosis and the conversations that follow.',
    'Along the way you see each encounter from the patient’s, the family’s and the clinician’s point of view, and choose how the consultation unfolds.',
  ],
  outcomes: [
    {
      heading: 'Understanding/Empathy',
      items: [
        'Describe how early dementia can feel for the person living with it and for their family.',
        'Recognise the worries, hopes and practical pressures that patients and carers bring to the consultation.',
      ],
    },
    {
      heading: 'Diagnosis',
      items: [
        'Take a structured history of memory concerns, including an account from someone who knows the person well.',
        'Use a validated brief cognitive assessment and rule out reversible causes before referral.',
        'Share a diagnosis of dementia clearly, honestly and with compassion.',
      ],
    },
    {
      heading: 'Management',
      items: [
        'Agree a care and support plan with the person and their family, including advance care planning.',
        'Signpost to local memory services, carers’ support and voluntary organisations.',
        'Plan review and continuity of care in the practice team.',
      ],
    },
  ],
  resources: [
    {
      heading: 'Guidelines & Assessments',
      items: [
        {
          title:
            'Dementia: assessment, management and support for people living with dementia and their carers (NG97)',
          href: 'https://www.nice.org.uk/guidance/ng97',
          publisher: 'NICE',
        },
        {
          title:
            'Dementia diagnosis and management: a brief pragmatic resource for general practitioners',
          href: 'https://www.england.nhs.uk/publication/dementia-diagnosis-and-management-a-brief-pragmatic-resource-for-general-practitioners/',
          publisher: 'NHS England',
        },
      ],
    },
    {
      heading: 'Legal & Ethics',
      items: [
        {
          title: 'Mental Capacity Act 2005',
          href: 'https://www.legislation.gov.uk/ukpga/2005/9/contents',
          publisher: 'legislation.gov.uk',
        },
        {
          title: 'Mental Capacity Act Code of Practice',
          href: 'https://www.gov.uk/government/publications/mental-capacity-act-code-of-practice',
          publisher: 'GOV.UK',
        },
        {
          title: 'Make, register or end a lasting power of attorney',
          href: 'https://www.gov.uk/power-of-attorney',
          publisher: 'GOV.UK',
        },
        {
          title: 'Dementia and driving',
          href: 'https://www.gov.uk/dementia-and-driving',
          publisher: 'GOV.UK',
        },
      ],
    },
    {
      heading: 'Living with Dementia',
      items: [
        { title: 'Dementia', href: 'https://www.nhs.uk/conditions/dementia/', publisher: 'NHS' },
        {
          title: 'Support for people living with dementia and their carers',
          href: 'https://www.alzheimers.org.uk/',
          publisher: 'Alzheimer’s Society',
        },
        {
          title: 'Admiral Nurses and family support',
          href: 'https://www.dementiauk.org/',
          publisher: 'Dementia UK',
        },
        {
          title: 'Help and advice for carers',
          href: 'https://www.carersuk.org/',
          publisher: 'Carers UK',
        },
      ],
    },
    {
      heading: 'Management & Other',
      items: [
        {
          title: 'Decision-making and mental capacity (NG108)',
          href: 'https://www.nice.org.uk/guidance/ng108',
          publisher: 'NICE',
        },
        {
          title: 'Dementia Friends',
          href: 'https://www.dementiafriends.org.uk/',
          publisher: 'Alzheimer’s Society',
        },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: the health board's name
    'Produced with the support of a regional health board.',
    // to confirm: the health centres' names
    'Filmed with the kind help of the staff and patients of the health centres where it was made.',
  ],
};
