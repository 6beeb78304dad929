import type { PageHeroCopy } from './pages';
import { Clapperboard, Mic, Sparkles, Video } from 'lucide-react';
import type { CardItem } from './types';
import { site } from './site';

export const studioContactLink = { label: 'Get in touch', to: '/contact' };

export const studioServicesIntro = {
  eyebrow: 'What we do',
  title: 'Creative production for healthcare',
  intro: 'Podcasts, films and animation for healthcare organisations and med-tech companies.',
};

/** SPEC.md section 1: the creative studio's four services. */
export const studioServices: readonly CardItem[] = [
  {
    title: 'Podcast production',
    text: 'Planned, recorded, edited and published, from one episode to a series.',
    icon: Mic,
  },
  {
    title: 'Creative video production',
    text: 'Films that explain and teach, from concept and script to the final edit.',
    icon: Clapperboard,
  },
  {
    title: 'Green-screen filming',
    text: 'Presenters filmed in our studio and placed in any setting, real or virtual.',
    icon: Video,
  },
  {
    title: 'Motion graphics',
    text: 'Animated diagrams and explainers that make complex ideas simple.',
    icon: Sparkles,
  },
];

export const studioShowreel = {
  eyebrow: 'Showreel',
  title: 'See what we make',
  video: site.videos.studioShowreel,
};

export const studioApproach = {
  eyebrow: 'Why our studio',
  title: 'Made by a team that knows healthcare',
  text: 'The team that films our immersive training makes your production too: planning, filming, editing, animation and sound under one roof, handled accurately and with care.',
  image: {
    src: '/images/studio/studio-set.svg',
    alt: 'Illustration of a presenter before a green screen, with a camera, a studio light and a microphone.',
  },
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const studioHero: PageHeroCopy = {
  heading: 'Revolve Studio',
  intro:
    'Podcast production, creative video production, green-screen filming and motion graphics, from the team behind our training.',
};
