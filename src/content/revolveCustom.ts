import type { PageHeroCopy } from './pages';
import type { ShowcaseStep } from './types';

/** /revolve-custom (and /bespoke): bespoke training in four steps (SPEC.md sections 1 and 2). */
export const revolveCustomSteps: ShowcaseStep[] = [
  {
    title: 'Consultation',
    text: 'We start with your learners, your outcomes and the setting they work in.',
    detail:
      'In a first conversation and a short scoping workshop we agree who the training is for, what they should be able to do afterwards, and whether VR, 360 film or a mix of both will serve them best. You receive a written proposal with a timeline before any work begins.',
    image: {
      src: '/images/custom/consultation.svg',
      alt: 'Illustration of two people planning a training scenario at a table',
    },
  },
  {
    title: 'Production',
    text: 'Our team scripts, films and builds the training with your clinical experts.',
    detail:
      'Learning designers, a film crew and developers work from one plan, with your subject experts reviewing the script, the footage and the finished interactions. You see work in progress at every stage, so nothing comes as a surprise.',
    image: {
      src: '/images/custom/production.svg',
      alt: 'Illustration of a film set with a 360-degree camera and studio lights',
    },
  },
  {
    title: 'Integration',
    text: 'We fit the training into the way your organisation already teaches.',
    detail:
      'We set the training up on your headsets, in the browser or in the Revolve 360 library, prepare facilitator guides and session plans, and help you introduce it to learners and educators alongside your existing courses.',
    image: {
      src: '/images/custom/integration.svg',
      alt: 'Illustration of a training module connecting to a headset, a laptop and a course plan',
    },
  },
  {
    title: 'Support',
    text: 'After launch we keep the training working and up to date.',
    detail:
      'We answer facilitator and learner questions, fix problems quickly, report on how the training is being used, and update content when clinical guidance changes, so the training stays accurate for as long as you use it.',
    image: {
      src: '/images/custom/support.svg',
      alt: 'Illustration of a support conversation beside a usage chart',
    },
  },
];

export const revolveCustomContact = {
  title: 'Start with a conversation',
  text: 'Tell us about your learners and what they need to practise, and we will suggest where to start.',
  label: 'Get in touch',
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const revolveCustomHero: PageHeroCopy = {
  heading: 'Revolve Custom',
  intro:
    'Bespoke immersive training, built with you in four steps: consultation, production, integration and support.',
};
