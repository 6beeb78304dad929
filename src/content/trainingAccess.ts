import type { PageHeroCopy } from './pages';
/**
 * The copy of the two ways into a module's 360 player: the /unlock/:slug gate (an active trial's
 * password or an organisation's access code) and the trial module pages (/modules/trial/:slug).
 * Strings SPEC.md names are quoted exactly.
 */

export const playerCopy = {
  /** The iframe's accessible name. */
  frameTitle: (moduleTitle: string) => `${moduleTitle}: 360 training`,
};

export const unlockCopy = {
  eyebrow: 'Unlock training',
  backLabel: (moduleTitle: string) => `Back to ${moduleTitle}`,
  formTitle: 'Unlock this module',
  /** One field takes either: the label names both. */
  passwordLabel: 'Trial password or access code',
  passwordHint:
    "Enter the password from your trial confirmation page, or your organisation's access code (for example ABCD-EFGH-JKMN). A code makes you a member of its organisation, which then sees your name, e-mail address and progress on the modules it gives you.",
  submitLabel: 'Unlock',
  checkingLabel: 'Checking...',
  unlockedLabel: 'Unlocked \u2713',
  incorrectPassword: 'Incorrect password. Please try again.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  playerPlaceholder: 'Enter the password above to unlock the training.',
  playerHeading: 'Training',
  /** Announced when the player loads (the button's new label alone is not announced). */
  unlockedAnnouncement: 'Training unlocked. The 360 player has loaded below.',
};

export const trialModuleCopy = {
  backLabel: 'Back to your trial library',
  startLabel: 'Start Training',
  loadingLabel: 'Loading...',
  startedLabel: 'Training Started \u2713',
  recordFailedTitle: 'Error',
  recordFailed: 'Failed to record access. Please try again.',
  trainingHeading: 'Your training',
  instructions:
    'DOUBLE CLICK TO ENTER FULL SCREEN; TO LOOK AROUND, CLICK AND DRAG WITH YOUR MOUSE OR TRACKPAD; LOOK DOWN FOR THE NAVIGATION MENU.',
  noTrial: {
    title: 'This module needs an active trial',
    text: 'Trial modules open with a free 30-day trial of the training library. Request yours and start training as soon as it is approved.',
    linkLabel: 'Request Trial Access',
    href: '/trial-signup',
  },
};

/** The page's heading and lead text (its title is in ./pages.ts). */
export const unlockHero: PageHeroCopy = {
  heading: 'Unlock training',
  intro: 'Open this module with your trial password or the access code your organisation gave you.',
};
