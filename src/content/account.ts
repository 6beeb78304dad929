/**
 * /account: the user's details, the way to their sign-in settings, and their data rights (issue 32:
 * 'Download my data' and 'Delete my account'; the privacy notice in ./terms.ts promises both). The
 * page title is in ./pages.ts.
 */
export const accountPage = {
  heading: 'Your account',
  intro: 'Your details, your sign-in, and the data Revolve holds about you.',
  details: {
    heading: 'Your details',
    nameLabel: 'Name',
    emailLabel: 'E-mail address',
    loading: 'Loading...',
    /** In place of the name when the profile could not be read. */
    nameUnavailable: 'Could not load your name.',
  },
  security: {
    linkLabel: 'Security',
    description: 'Sign-in and two-factor authentication',
  },
};

export const downloadData = {
  heading: 'Your data',
  intro:
    'Download a copy of everything Revolve holds about you: your profile, trials, unlocked modules, learning records (as xAPI statements), certificates with your reflections, organisation memberships, invitations and notifications.',
  format:
    'You get a zip file holding one JSON file with all of it, and a CSV file for each kind of record that opens in a spreadsheet.',
  button: 'Download my data',
  busy: 'Preparing your data...',
  done: { title: 'Your data is downloaded', description: 'Look for it in your downloads.' },
  failed: 'Download failed',
  /** When the failure came without words of its own. */
  failedDescription: 'Your data could not be prepared. Please try again.',
  /** "revolve-my-data-2026-12-06.zip": the day of the download, in London. */
  fileName: (isoDay: string) => `revolve-my-data-${isoDay}.zip`,
};

export const deleteAccount = {
  heading: 'Delete your account',
  intro:
    'Deleting your account removes your personal data from Revolve for good. Download your data first if you want to keep a copy.',
  button: 'Delete my account',
  dialog: {
    title: 'Delete your account?',
    description: 'This cannot be undone. Deleting your account removes:',
    removes: [
      'your account and your sign-in',
      'your trials and the modules you unlocked',
      'your learning records and progress',
      'your certificates and reflections: anyone who checks one will be told it is no longer available',
      'your organisation memberships, which frees your seat, and your notifications',
    ],
    keeps:
      'Our audit log keeps a line saying that an account was deleted, and its entries about your account stay with your name and e-mail address removed.',
    confirmLabel: 'To confirm, type DELETE or your e-mail address',
    /** What the confirmation field accepts besides the user's e-mail address. */
    confirmWord: 'DELETE',
    loadingProof: 'Checking how you sign in...',
    proofFailed: 'Could not check how you sign in.',
    retry: 'Try again',
    code: {
      prompt: 'Then confirm it is you with a code from your authenticator app.',
      label: 'Code from your authenticator app',
    },
    password: {
      prompt: 'Then confirm it is you with your password.',
      label: 'Your password',
      required: 'Enter your password',
    },
    provider: {
      prompt: (provider: string) =>
        `You sign in with ${provider}. To confirm it is you, sign in with ${provider} again: you will come back to this page to delete your account.`,
      /** After coming back from the provider. */
      returned: (provider: string) =>
        `You have signed in with ${provider} again. Delete your account within 10 minutes of signing in.`,
      button: (provider: string) => `Sign in again with ${provider}`,
      leaving: 'Opening the sign-in...',
    },
    submit: 'Delete my account',
    busy: 'Deleting...',
    cancel: 'Cancel',
  },
  deleted: 'Your account has been deleted.',
  /** When a failure came without words of its own. */
  failed: 'Your account could not be deleted. Please try again.',
  /** The search parameter that reopens the dialog after signing in again with a provider. */
  returnParameter: 'delete-account',
};
