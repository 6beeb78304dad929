import type { PageCopy } from './pages';

/** The account pages' headings and lead text (their titles are in ./pages.ts). */
export const accountPages = {
  login: {
    heading: 'Sign in',
    intro: 'Welcome back. Sign in to continue your training.',
  },
  signup: {
    heading: 'Create an account',
    intro: 'Create an account to request your free 30-day trial of the training library.',
  },
  forgotPassword: {
    heading: 'Reset your password',
    intro:
      'Enter the e-mail address of your account and we will send you a link to set a new password.',
  },
  changePassword: {
    heading: 'Set a new password',
    intro: 'Choose a new password for your account.',
  },
} satisfies Record<string, Omit<PageCopy, 'title'>>;
