import type { PageHeroCopy } from './pages';
import type { CallToAction, CardItem, PartnerLogo } from './types';

export const homeHeroActions: CallToAction[] = [
  { label: 'Explore Modules', to: '/training-library', variant: 'default' },
  { trial: 'standard', variant: 'secondary' },
  { label: 'See How It Works', to: '/how-it-works#hero', variant: 'outline' },
];

export const homeWhatWeDo = {
  eyebrow: 'What We Do',
  title: 'Two ways to step inside the moment',
  cards: [
    {
      title: 'Revolve VR',
      text: 'Headset training in the operating theatre with leading surgeons, scans and human factors.',
      image: { src: '/images/home/revolve-vr.svg', alt: '' },
      href: '/surgical-training',
    },
    {
      title: 'Revolve 360',
      text: 'Ten 360-degree modules filmed in real practices, on a headset, laptop or phone.',
      image: { src: '/images/home/revolve-360.svg', alt: '' },
      href: '/training-library',
    },
  ] satisfies CardItem[],
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const homeHero: PageHeroCopy = {
  heading: 'Immersive VR Training',
  intro:
    'Realistic, expert-led scenarios that let clinicians and practice teams rehearse the moments that matter, safely and at their own pace.',
};

export const trustedBy = {
  title: 'Trusted by',
  intro: 'Healthcare and education teams across the UK.',
  // to confirm: partner logos with permission; until then, generic marks for kinds of partner
  logos: [
    { name: 'Primary care networks', emblem: 'primary-care' },
    { name: 'Medical schools', emblem: 'medical-school' },
    { name: 'GP training hubs', emblem: 'training-hub' },
    { name: 'Integrated care boards', emblem: 'care-board' },
    { name: 'Workforce academies', emblem: 'workforce-academy' },
    { name: 'Nursing faculties', emblem: 'nursing-faculty' },
    { name: 'Regional health boards', emblem: 'health-board' },
    { name: 'Med-tech companies', emblem: 'medtech' },
  ] satisfies PartnerLogo[],
};
