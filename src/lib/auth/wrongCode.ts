// Apart from the code's form schema (./oneTimeCode.ts): the sign-in code is checked on pages that
// show no form, and this keeps the form library out of their first load.

/** GoTrue's error code for a code that does not match the factor (422). */
const wrongCodeError = 'mfa_verification_failed';

/** Whether a failure is a mistyped or stale code, which the form shows under the field. */
export function isWrongCode(failure: { code?: string } | null | undefined): boolean {
  return failure?.code === wrongCodeError;
}
