import type { PageHeroCopy } from './pages';
import { Building2, Presentation, Stethoscope, type LucideIcon } from 'lucide-react';
import type { AutoplayRule, CardItem, SiteVideo } from './types';
import { site } from './site';

/** One Revolve VR offering, shown as its own anchored section of /surgical-training (SPEC.md section 1). */
export interface ProductOffering {
  /** The section's anchor: the hero cards link to #id. */
  id: 'surgical-vr' | 'expert-vr' | 'twin-vr';
  name: string;
  icon: LucideIcon;
  /** One line for the hero card. */
  summary: string;
  headline: string;
  intro: string;
  video: SiteVideo;
  /** SPEC.md section 9: only the looped hero clip and the specialist embed play on their own. */
  autoplay?: AutoplayRule;
  loop?: boolean;
  keyFeatures: readonly string[];
  benefits: readonly string[];
  useCases: readonly CardItem[];
}

/** Names the hero's cards for assistive technology (the cards' headings sit under it). */
export const surgicalHeroCardsHeading = 'The three Revolve VR experiences';

export const productOfferings: readonly ProductOffering[] = [
  {
    id: 'surgical-vr',
    name: 'Surgical VR',
    icon: Stethoscope,
    summary: 'Immersive operating-theatre training with leading surgeons.',
    headline: 'Step into the operating theatre',
    intro:
      'Immersive operating-theatre training with leading surgeons. Switch perspective around the table, study the scans beside the procedure and practise the human factors that keep a theatre team safe.',
    video: site.videos.surgicalHero,
    autoplay: { delayMs: 2000 },
    loop: true,
    keyFeatures: [
      'Procedures filmed in theatre with leading surgeons',
      'Perspective switching between surgeon, assistant, anaesthetist and scrub nurse',
      'Scans and imaging shown alongside each stage of the procedure',
      'Human-factors scenarios: communication, checklists and teamwork under pressure',
    ],
    benefits: [
      'Rehearse a procedure as often as needed, with no risk to patients',
      'See the whole theatre, not only the surgical field',
      'Arrive in theatre prepared and confident',
      'Consistent teaching that does not depend on theatre time',
    ],
    useCases: [
      {
        title: 'Preparing for theatre',
        text: 'Trainees walk through a procedure step by step, from every viewpoint, before they scrub in.',
      },
      {
        title: 'Theatre team training',
        text: 'Whole teams rehearse briefings, the safety checklist and handovers together.',
      },
      {
        title: 'Human-factors teaching',
        text: 'Educators pause at critical moments to discuss situational awareness, speaking up and decisions.',
      },
    ],
  },
  {
    id: 'expert-vr',
    name: 'VR Specialist',
    icon: Presentation,
    summary: 'A 360 library of expert-led learning with live presenters and 3D models.',
    headline: 'Learn from the specialists',
    intro:
      'A 360 library of expert-led learning. Live presenters teach inside the scene with 3D models and animations, while gamification and structured pathways keep learners moving forward.',
    video: site.videos.specialist,
    autoplay: { delayMs: 1000 },
    keyFeatures: [
      'Live presenters: specialists who teach from inside the scene',
      '3D models learners can turn, open and explore',
      'Animations that show what a camera cannot',
      'Gamification: challenges, scores and rewards',
      'Structured pathways from first principles to advanced practice',
    ],
    benefits: [
      'Specialist teaching wherever your learners are',
      'Complex anatomy and devices made clear in three dimensions',
      'Learners stay engaged and come back for the next step',
      'Progress that learners and educators can follow',
    ],
    useCases: [
      {
        title: 'Specialty induction',
        text: 'New starters learn the essentials of a specialty from the experts who practise it.',
      },
      {
        title: 'Continuing professional development',
        text: 'Clinicians refresh and extend their skills in short, structured sessions that fit around work.',
      },
      {
        title: 'Medical education',
        text: 'Medical schools add expert-led 360 sessions and 3D models to their teaching.',
      },
    ],
  },
  {
    id: 'twin-vr',
    name: 'Digital Twins',
    icon: Building2,
    summary: 'VR replicas of facilities, exhibition stands and devices, with learning analytics.',
    headline: 'Your world, rebuilt in VR',
    intro:
      'VR replicas of facilities, exhibition stands and devices. Walk through a unit before it opens, bring a device to any audience at full scale, and see how people learn with built-in learning analytics.',
    video: site.videos.digitalTwin,
    keyFeatures: [
      'VR replicas of facilities and clinical spaces',
      'Virtual exhibition stands that travel without freight',
      'Interactive devices at full scale',
      'Learning analytics on every session',
    ],
    benefits: [
      'Staff know a space before they work in it',
      'Demonstrate a device anywhere, without shipping equipment',
      'Evidence of learning from the analytics',
      'One model, reused for training, sales and events',
    ],
    useCases: [
      {
        title: 'Facility orientation',
        text: 'Staff explore a new ward, theatre or clinic in VR before opening day.',
      },
      {
        title: 'Exhibitions and events',
        text: 'Med-tech teams bring their stand and products to any event in a headset.',
      },
      {
        title: 'Device training',
        text: 'Users learn to set up and operate a device on its digital twin, and the analytics show where they need help.',
      },
    ],
  },
];

export const surgicalOverview = {
  eyebrow: 'Revolve VR',
  title: 'Three ways to train in VR',
  intro:
    'Surgical VR, VR Specialist and Digital Twins share one platform, so each experience can grow into the next as your programme grows.',
  image: {
    src: '/images/surgical/overview.svg',
    alt: 'Illustration of Revolve VR: an operating theatre, a specialist presenter beside a 3D model, and a digital twin of a clinical building, joined around a VR headset.',
  },
  // Plain links here: a button row would pull the button module into this page's first view.
  links: [
    { label: 'Book a demo', to: '/book-demo' },
    { label: 'How we build VR', to: '/how-it-works-revolvevr' },
  ],
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const surgicalTrainingHero: PageHeroCopy = {
  heading: 'Revolve VR',
  intro:
    'Step into the operating theatre with leading surgeons, learn from specialists in expert-led VR, and explore digital twins of real facilities.',
};
