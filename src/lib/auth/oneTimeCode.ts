import * as z from 'zod/mini';

/**
 * A code from an authenticator app, as the sign-in code step and the account security page ask for
 * it: six digits. Spaces are dropped first, since apps show the code as two groups of three.
 */
export const oneTimeCodeSchema = z.object({
  code: z.string().check(
    z.overwrite((code) => code.replace(/\s+/g, '')),
    z.regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app' }),
  ),
});

export type OneTimeCodeValues = z.input<typeof oneTimeCodeSchema>;

/** GoTrue's error code for a code that does not match the factor (422). */
const wrongCodeError = 'mfa_verification_failed';

/** Whether a failure is a mistyped or stale code, which the form shows under the field. */
export function isWrongCode(failure: { code?: string } | null | undefined): boolean {
  return failure?.code === wrongCodeError;
}
