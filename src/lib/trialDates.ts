const DAY_MS = 24 * 60 * 60 * 1000;

/** A trial is "expiring soon" with fewer than this many days left (SPEC.md section 4). */
export const EXPIRING_SOON_DAYS = 7;

/** Days remaining: the ceiling of (end - now) in days; 0 once it has ended. */
export function daysRemaining(expiresAt: string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / DAY_MS));
}

export function isExpiringSoon(expiresAt: string, now: Date = new Date()): boolean {
  return daysRemaining(expiresAt, now) < EXPIRING_SOON_DAYS;
}
