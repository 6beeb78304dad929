import type { ModuleDetails } from '@/content/modules';

export const details: ModuleDetails = {
  description: [
    'Abuse of practice staff is now an everyday part of working in general practice. This module trains reception and practice teams to recognise rising tension and bring it down, safely and with respect.',
    'It is built from three role-play scenarios filmed at a practice front desk. At each decision point you choose one of three responses: the best option moves the story forward, while the other two lead to a negative outcome, followed by expert feedback on what happened and why.',
  ],
  figures: [
    { value: '75%', label: 'of practice staff experience daily abuse' },
    { value: '83%', label: 'of practices have removed patients' },
  ],
  outcomes: [
    {
      items: [
        'Recognise the early signs of frustration and escalation in a patient or visitor.',
        'Use verbal and non-verbal communication to calm a tense encounter.',
        'Set clear, respectful boundaries and explain what the practice can and cannot do.',
        'Know when to step away, ask for help and follow the practice’s safety procedures.',
        'Reflect on an incident and support colleagues afterwards.',
      ],
    },
  ],
  resources: [
    {
      heading: 'Communication models',
      items: [
        {
          title: 'Calgary-Cambridge guide to the medical interview',
          publisher: 'Kurtz, Silverman and Draper',
        },
        { title: 'Betari’s Box: the conflict cycle of attitude and behaviour' },
      ],
    },
  ],
  acknowledgements: [
    // to confirm: the funder's name
    'Funded by a primary care training grant.',
  ],
};
