/**
 * /account/security: two-factor sign-in with an authenticator app (DESIGN.md section 6, "MFA").
 * The page title is in ./pages.ts; the code field's shared words in ./twoFactor.ts.
 */
export const accountSecurityPage = {
  heading: 'Account security',
  intro:
    'Protect your account with two-factor sign-in: after your password, you enter a 6-digit code from an authenticator app on your phone.',
  /** The Profile menu's and the dashboard's link here. */
  linkLabel: 'Account security',
};

export const twoFactorSection = {
  heading: 'Two-factor sign-in',
  statusOn: 'On. Each time you sign in, you enter a code from your authenticator app.',
  statusOff:
    'Off. Set up an authenticator app, such as the one your phone or password manager provides, to turn it on.',
  loading: 'Loading your authenticator apps...',
  loadFailed: 'Could not load your authenticator apps.',
  retryLabel: 'Try again',
  listLabel: 'Your authenticator apps',
  /** "13 Dec 2026" */
  added: (date: string) => `Added ${date}`,
  setUpLabel: 'Set up an authenticator app',
  addAnotherLabel: 'Add another authenticator app',
  startingLabel: 'Starting...',
  /** A new app's name, numbered from the second one on. */
  appName: (number: number) => (number === 1 ? 'Authenticator app' : `Authenticator app ${number}`),
};

export const enrolmentPanel = {
  heading: 'Set up your authenticator app',
  scanStep: 'Scan this QR code with your authenticator app.',
  qrAlt: 'QR code for setting up two-factor sign-in for Revolve in an authenticator app',
  keyStep: 'Cannot scan it? Add an account in the app and type in this setup key instead:',
  keyLabel: 'Setup key',
  copyLabel: 'Copy key',
  copiedLabel: 'Copied',
  /** Announced when the copy worked (the button's new label alone is not announced). */
  copiedAnnouncement: 'Setup key copied to the clipboard.',
  copyFailed: 'Could not copy. Select the key and copy it yourself.',
  codeStep: 'Then enter the 6-digit code the app shows for Revolve.',
  codeLabel: 'Code from the app',
  confirmLabel: 'Turn on two-factor sign-in',
  confirmBusyLabel: 'Checking...',
  cancelLabel: 'Cancel',
};

export const removeApp = {
  /** The Remove button's accessible name names the app. */
  buttonLabel: 'Remove',
  buttonName: (name: string) => `Remove ${name}`,
  prompt: 'To remove this app, enter a current code from it.',
  codeLabel: 'Code from the app',
  confirmLabel: 'Remove app',
  busyLabel: 'Removing...',
  cancelLabel: 'Cancel',
};

/** Toasts: failures show the provider's message as the description. */
export const accountSecurityToasts = {
  enabled: {
    title: 'Two-factor sign-in is on',
    description:
      'From now on you will be asked for a code from your authenticator app when you sign in.',
  },
  removed: { title: 'Authenticator app removed' },
  /** The description when it was the last one. */
  removedLast: 'Two-factor sign-in is off.',
  setupFailed: 'Setup failed',
  confirmFailed: 'Verification failed',
  removeFailed: 'Removal failed',
  cancelFailed: 'Could not cancel the setup',
};
