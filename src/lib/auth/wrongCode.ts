// Apart from the code's form schema (./oneTimeCode.ts): the sign-in code is checked on pages that
// show no form, and this keeps the form library out of their first load.

/** GoTrue's error code for a code that does not match the factor (422). */
const wrongCodeError = 'mfa_verification_failed';

/** Whether a failure is a mistyped or stale code, which the form shows under the field. */
export function isWrongCode(failure: { code?: string } | null | undefined): boolean {
  return failure?.code === wrongCodeError;
}

/**
 * GoTrue's error code when the project's MFA hook refuses a code (403): the factor is locked after
 * too many wrong codes, the message says for how long, and Auth has ended the user's sessions.
 */
const lockedOutError = 'mfa_verification_rejected';

/** Whether codes are refused for now, whatever code was entered (docs/security.md). */
export function isLockedOut(failure: { code?: string } | null | undefined): boolean {
  return failure?.code === lockedOutError;
}
