import * as z from 'zod/mini';

/** The /unlock/:slug form. The server trims and lowercases; blank counts as not entered here. */
export const unlockSchema = z.object({
  password: z.string().check(z.trim(), z.minLength(1, { error: 'Password is required' })),
});

export type UnlockValues = z.input<typeof unlockSchema>;
