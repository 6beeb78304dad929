import type { PageHeroCopy } from './pages';
import type { PageAction } from './types';

/** One Revolve offering on the /solutions overview (DESIGN.md section 1), linking to its own page. */
export interface SolutionOffering {
  name: 'Revolve VR' | 'Revolve 360' | 'Revolve Custom' | 'Revolve Studio';
  tagline: string;
  text: string;
  highlights: readonly string[];
  href: string;
  linkLabel: string;
  image: { src: string; alt: string };
}

export const solutionsOverview = {
  eyebrow: 'Four ways to learn',
  title: 'Choose the format that fits your learners',
  intro:
    'Every Revolve solution is made with the clinicians and educators who use it, from a single module to a whole programme.',
};

export const solutionOfferings: readonly SolutionOffering[] = [
  {
    name: 'Revolve VR',
    tagline: 'Immersive VR for surgical and specialist training',
    text: 'Step into the operating theatre with leading surgeons, learn from specialists in expert-led VR, and explore digital twins of facilities, exhibition stands and devices.',
    highlights: ['Surgical VR', 'VR Specialist', 'Digital Twins'],
    href: '/surgical-training',
    linkLabel: 'Explore Revolve VR',
    image: {
      src: '/images/solutions/revolve-vr.svg',
      alt: 'Illustration of a learner in a VR headset beside an operating table under a theatre lamp.',
    },
  },
  {
    name: 'Revolve 360',
    tagline: 'A ready-made 360 training library for primary care',
    text: 'Ten immersive 360-degree modules filmed in real practices, from dementia to conflict resolution, each with learning outcomes and resources. Try the library free for 30 days.',
    highlights: [
      'Ten modules for primary-care teams',
      'Learning outcomes and resources for every module',
      'A free 30-day trial',
    ],
    href: '/training-library',
    linkLabel: 'Explore Revolve 360',
    image: {
      src: '/images/solutions/revolve-360.svg',
      alt: 'Illustration of a 360-degree sphere around a consulting room with a clinician and a patient.',
    },
  },
  {
    name: 'Revolve Custom',
    tagline: 'Bespoke training built around your learners',
    text: 'Custom VR and 360 training made with you, for your learners and your setting, in four steps.',
    highlights: ['Consultation', 'Production', 'Integration', 'Support'],
    href: '/revolve-custom',
    linkLabel: 'Explore Revolve Custom',
    image: {
      src: '/images/solutions/revolve-custom.svg',
      alt: 'Illustration of a storyboard, a camera and a headset joined by a path of four steps.',
    },
  },
  {
    name: 'Revolve Studio',
    tagline: 'Creative production from our studio',
    text: 'The team behind our training makes podcasts, films and animation for healthcare organisations and med-tech companies.',
    highlights: [
      'Podcast production',
      'Creative video production',
      'Green-screen filming',
      'Motion graphics',
    ],
    href: '/studio',
    linkLabel: 'Explore Revolve Studio',
    image: {
      src: '/images/solutions/revolve-studio.svg',
      alt: 'Illustration of a studio with a camera on a tripod, a microphone and a green screen.',
    },
  },
];

export const solutionsCallToAction = {
  title: 'Not sure where to start?',
  text: 'Tell us about your learners and we will suggest the format that fits, or book a demo to try it for yourself.',
  actions: [
    { label: 'Book a demo', to: '/book-demo', variant: 'default' },
    { label: 'Contact us', to: '/contact', variant: 'outline' },
  ] satisfies PageAction[],
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const solutionsHero: PageHeroCopy = {
  heading: 'Our Solutions',
  intro:
    'From a ready-made 360 training library to bespoke VR and studio production, choose the format that fits your learners.',
};
