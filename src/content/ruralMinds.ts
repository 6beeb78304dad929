/** The Rural Minds page's own copy, beside the module's details (src/content/moduleDetails/rural-minds.ts). */
export interface RuralMindsVersion {
  id: 'professional' | 'farmer';
  /** Which 360 player address plays it: the module's own, or its farmer-facing cut. */
  player: 'module' | 'cut';
  /** The button that opens it (the professional version's reads 'Start Training', as SPEC.md). */
  buttonLabel: string;
  /** The iframe's title. */
  viewerTitle: string;
}

export const ruralMindsVersions: readonly RuralMindsVersion[] = [
  {
    id: 'professional',
    player: 'module',
    buttonLabel: 'Start Training',
    viewerTitle: 'Rural Minds: 360 training for health professionals',
  },
  {
    id: 'farmer',
    player: 'cut',
    buttonLabel: 'Farmer-facing version',
    viewerTitle: 'Rural Minds: the farmer-facing version',
  },
];

export const ruralMindsCopy = {
  viewerHint:
    'Click and drag to look around, or double click for full screen. Look down for the navigation menu.',
  about: {
    title: 'About Rural Minds',
    intro:
      'Why we made a 360 module about mental health in farming, and how it was filmed with the people who live it.',
  },
  contact: {
    title: 'Bring Rural Minds to your team',
    text: 'Rural Minds is free to open from this page. To show it at a practice learning event, a training day or a farming meeting, or to tell us what it meant to you, get in touch.',
    subject: 'Rural Minds',
    buttonLabel: 'Email the Rural Minds team',
  },
  urgentHelp: {
    title: 'Need to talk now?',
    text: 'If you or someone you know is struggling, call Samaritans free on 116 123, any time, or NHS 111. In an emergency, call 999.',
  },
  news: {
    title: 'Rural Minds news',
    // to confirm: every item is a placeholder for the project's real news, with dates
    items: [
      {
        title: 'A version for farmers themselves',
        text: 'The farmer-facing cut of Rural Minds now opens from this page, beside the module for health professionals.',
      },
      {
        title: 'Sessions for practice teams',
        text: 'Rural Minds fits a protected learning time session for a practice or training hub. Ask us about running one with your team.',
      },
      {
        title: 'At farming events',
        text: 'We would like to bring the farmer-facing version, with headsets, to agricultural shows and markets. Get in touch to host us.',
      },
    ],
  },
} as const;
