import type { PageCopy } from './pages';

/** Under the trial request's form: what is kept, and why (the privacy line). */
export const trialSignupPrivacy =
  'We keep your request with your account to review it and tell you when your trial starts and ends.';

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
