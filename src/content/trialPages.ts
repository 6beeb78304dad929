import type { PageCopy } from './pages';

/** The trial pages' headings and lead text (their titles are in ./pages.ts). */
export const trialPages = {
  dashboard: {
    heading: 'Dashboard',
    intro: 'Your trial status and training in one place.',
  },
  trialLibrary: {
    heading: 'Your Trial Training Library',
    intro: 'Three modules from the Revolve 360 library, free for the 30 days of your trial.',
  },
  trialSignup: {
    heading: 'Start your free trial',
    intro:
      'Sign in with your Revolve account to request 30 days of free access to the training library.',
  },
  trialConfirmation: {
    heading: 'Thanks for signing up!',
    intro: 'We have your trial request. You will get a notification as soon as it is approved.',
  },
} satisfies Record<string, Omit<PageCopy, 'title'>>;
