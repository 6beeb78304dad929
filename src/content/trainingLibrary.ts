import type { PageHeroCopy } from './pages';
import { MessagesSquare, ShieldCheck, UsersRound } from 'lucide-react';
import type { CallToAction, CardItem } from './types';

export const libraryHero = {
  eyebrow: 'The Revolve 360 training library',
  tagline: 'Real consultations, filmed in 360 degrees. Step inside, choose what happens next.',
  actions: [
    // Only this page words the trial button this way (DESIGN.md).
    { trial: 'homeVariant', variant: 'default' },
    { label: 'Build Custom Training', to: '/revolve-custom', variant: 'outline' },
  ] satisfies CallToAction[],
};

export const libraryUseCases = {
  eyebrow: 'Use cases',
  title: 'For the conversations that matter most',
  cards: [
    {
      title: 'Patient communication',
      text: 'Breaking difficult news, shared decisions and consultations where what is said, and how, changes the outcome.',
      icon: MessagesSquare,
    },
    {
      title: 'Safeguarding and mental health',
      text: 'Notice the cues on a home visit or at the front desk, and know what to do when something is not right.',
      icon: ShieldCheck,
    },
    {
      title: 'Team and leadership',
      text: 'Whole-practice training that builds a shared approach to conflict, group clinics and care across the team.',
      icon: UsersRound,
    },
  ] satisfies CardItem[],
};

export const libraryModules = {
  eyebrow: 'Training Library',
  title: 'Ten modules, filmed where care happens',
  intro:
    'Each module follows real people through a journey you will recognise, with decisions to make along the way.',
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const trainingLibraryHero: PageHeroCopy = {
  heading: 'Revolve 360',
  intro:
    'Ten immersive 360-degree modules, filmed in real practices with the clinicians and patients who know these moments best.',
};
