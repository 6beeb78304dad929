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
};
