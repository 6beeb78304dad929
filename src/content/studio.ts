import {
  Clapperboard,
  HeartPulse,
  Mic,
  Share2,
  Sparkles,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';
import type { CardItem } from '@/components/marketing/CardGrid';
import type { PageAction } from '@/features/marketing/components/ProductCallToAction';
import { site } from './site';

const getInTouch: PageAction = { label: 'Get in touch', to: '/contact', variant: 'default' };

export const studioHeroActions: readonly PageAction[] = [getInTouch];

export const studioServicesIntro = {
  eyebrow: 'What we do',
  title: 'Creative production for healthcare',
  intro:
    'Our studio makes more than training: it helps healthcare organisations and med-tech companies tell their stories.',
};

/** SPEC.md section 1: the creative studio's four services. */
export const studioServices: readonly CardItem[] = [
  {
    title: 'Podcast production',
    text: 'From planning and recording to editing and publishing: clear sound and a clear story, for one episode or a whole series.',
    icon: Mic,
  },
  {
    title: 'Creative video production',
    text: 'Films that explain, persuade and teach, taken from concept and script through filming to the final edit.',
    icon: Clapperboard,
  },
  {
    title: 'Green-screen filming',
    text: 'Presenters filmed on our green screen and placed in any setting, real or virtual, without leaving the studio.',
    icon: Video,
  },
  {
    title: 'Motion graphics',
    text: 'Animated diagrams, titles and explainers that make complex clinical ideas simple to follow.',
    icon: Sparkles,
  },
];

export const studioShowreel = {
  eyebrow: 'Showreel',
  title: 'See what we make',
  intro: 'A few moments from recent studio productions.',
  video: site.videos.studioShowreel,
};

export const studioApproach = {
  eyebrow: 'Why our studio',
  title: 'Made by a team that knows healthcare',
  intro:
    'The people who film and animate our immersive training make your production too, so clinical subjects are handled accurately and with care.',
  image: {
    src: '/images/studio/studio-set.svg',
    alt: 'Illustration of the studio: a presenter in front of a green screen, a camera on a tripod, studio lights and a podcast microphone.',
  },
  points: [
    {
      title: 'Healthcare know-how',
      text: 'We work with clinicians and educators every day, so we know how to film clinical settings and stories sensitively.',
      icon: HeartPulse,
    },
    {
      title: 'One team, idea to delivery',
      text: 'Planning, filming, editing, animation and sound under one roof, with one point of contact.',
      icon: Users,
    },
    {
      title: 'Ready for every channel',
      text: 'Versions cut for your website, social media, events and learning platform.',
      icon: Share2,
    },
  ] satisfies { title: string; text: string; icon: LucideIcon }[],
};

export const studioCallToAction = {
  title: 'Have a project in mind?',
  text: 'Tell us what you would like to make and we will come back with ideas, a plan and a quote.',
  actions: [getInTouch],
};
