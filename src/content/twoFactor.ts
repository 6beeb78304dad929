/**
 * Two-factor sign-in (DESIGN.md section 6, "MFA"): the login page's code step and the words every
 * code field shares. The account security page's copy is in ./accountSecurity.ts.
 */
export const oneTimeCodeCopy = {
  /** Shown under the field when the backend does not accept the code. */
  wrongCode: 'Incorrect code. Enter the 6-digit code your authenticator app shows now.',
};

/** The second step of /login, after the password, for a user with an authenticator app. */
export const signInCodeStep = {
  heading: 'Enter your code',
  intro:
    'Your account uses two-factor sign-in. Open your authenticator app and enter the 6-digit code it shows for Revolve.',
  codeLabel: 'Authentication code',
  submitLabel: 'Verify',
  busyLabel: 'Verifying...',
  cancelPrompt: 'Cannot use your authenticator app?',
  cancelLabel: 'Sign out and start again',
  cancelBusyLabel: 'Signing out...',
  /** Under the lock-out message (its wording comes from the database's hook). */
  lockedOutLabel: 'Back to sign in',
};

/**
 * Admin powers need a second factor (the database and the functions check too): an admin without
 * an authenticator app is sent to set one up, then on to where they were going.
 */
export const adminSecondFactor = {
  title: 'Two-factor authentication required',
  description: 'Set up an authenticator app to open the admin dashboard.',
  /** On /account/security, above the set-up button, when an admin was sent there. */
  notice:
    'Admins must use two-factor sign-in. Set up an authenticator app below and you will go on to the admin dashboard.',
};
