/**
 * Whether a session proved who its user is recently enough for an irreversible step (deleting the
 * account): the newest sign-in method in the token's `amr` claim (a password, a link, a provider,
 * or a code from an authenticator app) within `maxAgeSeconds`, and, for a user with a verified
 * authenticator app, a session that went through it (aal2).
 */
export interface FreshnessCheck {
  /** The access token's verified claims. */
  claims: Record<string, unknown>;
  hasVerifiedFactor: boolean;
  /** Now, in seconds since the epoch. */
  now: number;
  maxAgeSeconds?: number;
}

export const reauthenticationWindowSeconds = 10 * 60;

/** The newest `timestamp` (seconds) among the claim's methods; null when there is none. */
export function newestAuthentication(amr: unknown): number | null {
  if (!Array.isArray(amr)) return null;
  let newest: number | null = null;
  for (const entry of amr as unknown[]) {
    const timestamp =
      typeof entry === 'object' && entry !== null
        ? (entry as { timestamp?: unknown }).timestamp
        : undefined;
    if (typeof timestamp === 'number' && Number.isFinite(timestamp)) {
      newest = newest === null ? timestamp : Math.max(newest, timestamp);
    }
  }
  return newest;
}

export function isFreshlyAuthenticated({
  claims,
  hasVerifiedFactor,
  now,
  maxAgeSeconds = reauthenticationWindowSeconds,
}: FreshnessCheck): boolean {
  if (hasVerifiedFactor && claims.aal !== 'aal2') return false;
  const newest = newestAuthentication(claims.amr);
  // A timestamp ahead of the clock by more than a minute is not a proof of anything.
  return newest !== null && newest <= now + 60 && now - newest <= maxAgeSeconds;
}

export const reauthenticationNeeded = {
  error:
    "Please confirm it's you again: sign in again or enter a code from your authenticator app.",
  code: 'reauthentication_needed',
} as const;
