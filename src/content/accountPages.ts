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

/** Under the sign-up form: what the account's details are for. */
export const signupPrivacy =
  'We use your name and e-mail address to run your account and your training.';

/**
 * Shown on /signup instead of going home when the account was created without a session: e-mail
 * confirmation is on (as in production), so the address must be confirmed before signing in.
 */
export const signupConfirmationCopy = {
  heading: 'Check your email',
  /** Around the address, which is shown in bold between the two. */
  sentBefore: 'We have sent a confirmation link to ',
  sentAfter: '. Confirm your address with it before you sign in.',
  hint: 'Nothing arrived? Check your spam folder.',
  backToLogin: 'Back to login',
};
