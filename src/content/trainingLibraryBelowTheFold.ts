/**
 * /training-library below its module catalogue (the rest is in ./trainingLibrary.ts): a module of
 * its own so that its words load with that part's code, when the visitor scrolls towards it.
 */
import { Accessibility, Award, ChartColumn, GitBranch, Monitor, Stethoscope } from 'lucide-react';
import type { CallToAction, CardItem } from './types';

export const libraryCustomPromo = {
  eyebrow: 'Revolve Custom',
  title: 'Need something made for your team?',
  text: 'We build bespoke 360 and VR training around your pathways, your setting and your learners, from first consultation to launch and support.',
  image: { src: '/images/library/revolve-custom.svg', alt: '' },
  actions: [
    { label: 'Explore Revolve Custom', to: '/revolve-custom', variant: 'default' },
  ] satisfies CallToAction[],
};

/** Scenes from the library's world, shown as a strip between the promo and the features. */
export const libraryImageStrip = [
  {
    src: '/images/library/strip-consultation.svg',
    alt: 'A clinician and patient in a consulting room, drawn as simple shapes',
  },
  {
    src: '/images/library/strip-headset.svg',
    alt: 'A learner wearing a VR headset inside a 360-degree scene',
  },
  {
    src: '/images/library/strip-home-visit.svg',
    alt: 'A home visit: a clinician at the door of a house',
  },
  {
    src: '/images/library/strip-team.svg',
    alt: 'A practice team gathered around a screen to debrief',
  },
] as const;

export const libraryKeyFeatures = {
  eyebrow: 'Key features',
  title: 'Everything a training lead needs',
  cards: [
    {
      title: 'Any device',
      text: 'Runs on a VR headset for full immersion, or in the browser on a laptop, tablet or phone.',
      icon: Monitor,
    },
    {
      title: 'Branching decisions',
      text: 'Choices change the story, with expert feedback when a decision leads somewhere it should not.',
      icon: GitBranch,
    },
    {
      title: 'Clinically reviewed',
      text: 'Written and checked with practising clinicians and educators, with resources to read further.',
      icon: Stethoscope,
    },
    {
      title: 'Learning outcomes',
      text: 'Every module states what learners will be able to do, ready for appraisal and CPD records.',
      icon: Award,
    },
    {
      title: 'Progress analytics',
      text: 'See which modules your team has completed and the decisions they made along the way.',
      icon: ChartColumn,
    },
    {
      title: 'Accessible by design',
      text: 'Captions, seated viewing and short chapters, so everyone in the team can take part.',
      icon: Accessibility,
    },
  ] satisfies CardItem[],
};
