import type { PageHeroCopy } from './pages';
import type { TrialButtonWording } from './trialButton';
import type { Step } from './types';

/** /trial-access: how the free 30-day trial works (DESIGN.md section 1). */
export const trialAccessSteps: Step[] = [
  {
    title: 'Create an account',
    text: 'Sign up with your name, e-mail address and a password. It takes a minute.',
  },
  {
    title: 'Request your trial',
    text: 'Press the trial button and we receive your request for 30 days of free access.',
  },
  {
    title: 'Get the approval notification',
    text: 'Our team reviews each request. When yours is approved, a notification and an e-mail tell you your access is ready.',
  },
  {
    title: 'Open the trial library',
    text: 'Go to your trial training library and start any of its 3 modules, free for the 30 days of your trial.',
  },
];

export const trialAccessButton: { wording: TrialButtonWording } = { wording: 'standard' };

export const trialAccessNotes = {
  title: 'Good to know',
  items: [
    'The trial is free for 30 days and needs no payment details.',
    'The trial library includes 3 of the 10 modules in the Revolve 360 library.',
    'Modules play in your browser or in a VR headset.',
    'Your dashboard shows how many days of your trial are left.',
  ],
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const trialAccessHero: PageHeroCopy = {
  heading: 'How trial access works',
  intro: 'Four steps from here to your first module, free for 30 days.',
};
