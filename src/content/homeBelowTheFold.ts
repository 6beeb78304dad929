/**
 * The home page below its first screen (the hero and What We Do are in ./home.ts): a module of its
 * own so that its words load with that part's code, when the visitor scrolls towards it.
 */
import type { CallToAction, CardItem, Endorsement, Stat } from './types';

export const homeIntro = {
  title: 'Training that feels like being there',
  intro:
    'Real clinicians, patients and teams, filmed as scenes your staff can step into and discuss.',
};

export const homeBenefits = {
  title: 'Why teams train with Revolve',
  cards: [
    {
      title: 'Practise without risk',
      text: 'Rehearse hard conversations where a mistake teaches rather than harms.',
    },
    {
      title: 'Learning that lasts',
      text: 'Being in the room makes the lesson stay when the real moment comes.',
    },
    {
      title: 'Empathy from the inside',
      text: "Seeing a consultation from the patient's chair changes how clinicians listen.",
    },
    {
      title: 'Fits the working day',
      text: 'Short modules for a gap between clinics or protected learning time.',
    },
    {
      title: 'Made with clinicians',
      text: 'Every scenario is written and checked with practising clinicians.',
    },
    {
      title: 'Progress you can see',
      text: 'Decisions and answers show educators where a team needs support.',
    },
  ] satisfies CardItem[],
};

export const homeImpact = {
  title: 'The impact of immersive learning',
  intro: 'VR learners compared with classroom learners.',
  figures: [
    { value: '4x faster', label: 'to train' },
    { value: '3.75x more engaged', label: 'with the content' },
    { value: '275% more confident', label: 'to act on learning' },
    { value: '64% savings at scale', label: 'for large cohorts' },
  ] satisfies Stat[],
  // to confirm: the study the business cites for these four figures
  source: {
    label: 'Source: PwC study of VR soft-skills training (2020)',
    href: 'https://www.pwc.com/us/en/tech-effect/emerging-tech/virtual-reality-study.html',
  },
};

export const homeEndorsements = {
  title: 'What educators say',
  // to confirm: real quotes, with the permission of the people quoted; attributed by role until then
  items: [
    {
      quote: 'Our registrars talked about the home-visit scenario for weeks.',
      role: 'GP trainer',
      place: 'East of England',
    },
    {
      quote: 'Reception and clinical staff trained in the same scene, and it showed.',
      role: 'Practice manager',
      place: 'Primary care network, Midlands',
    },
    {
      quote: 'The closest thing to a placement before students meet a patient.',
      role: 'Clinical skills lead',
      place: 'UK medical school',
    },
  ] satisfies Endorsement[],
};

export const homeHowItWorks = {
  title: 'Built for learning, not just for watching',
  features: [
    {
      title: 'Branching scenarios',
      text: 'Each decision changes what happens next.',
      image: { src: '/images/home/how-branching.svg', alt: '' },
    },
    {
      title: 'Interaction and quizzing',
      text: 'Questions inside the scene check understanding as it happens.',
      image: { src: '/images/home/how-quizzing.svg', alt: '' },
    },
    {
      title: 'Changing perspectives',
      text: 'See the same moment as clinician, patient and carer.',
      image: { src: '/images/home/how-perspectives.svg', alt: '' },
    },
    {
      title: 'Advanced analytics',
      text: 'See progress and choices across a whole team.',
      image: { src: '/images/home/how-analytics.svg', alt: '' },
    },
  ] satisfies CardItem[],
  link: { label: 'See Our Approach', to: '/how-it-works' },
};

export const homeClosing = {
  title: 'Ready to step inside?',
  text: 'Try the Revolve 360 library free for 30 days, or talk to us about training for your team.',
  actions: [
    { trial: 'standard', variant: 'default' },
    { label: 'Book a Demo', to: '/book-demo', variant: 'secondary' },
  ] satisfies CallToAction[],
};
