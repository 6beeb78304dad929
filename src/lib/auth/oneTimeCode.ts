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
