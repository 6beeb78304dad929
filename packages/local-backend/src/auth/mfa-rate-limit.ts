import type { ApiRequest } from '../http/types';
import type { AuthContext } from './context';
import { authError } from './errors';

/** GoTrue lets a client make this many MFA requests at once before the per-minute rate applies. */
const burst = 30;

interface Bucket {
  tokens: number;
  refilledAt: number;
}

/**
 * Token buckets per client address, as GoTrue limits MFA challenges and verifications (tollbooth): a
 * full bucket of `burst`, refilled at the configured rate a minute. Every verification counts, right
 * or wrong: this is what stands between a stolen password and guessing the six digits.
 */
export class MfaRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token under `key`; the seconds until the next one when the bucket is empty. */
  take(key: string): number | undefined {
    const now = this.now();
    const capacity = Math.max(burst, this.perMinute);
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: capacity, refilledAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.refilledAt) * perMs);
    bucket.refilledAt = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now, capacity, perMs);
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    bucket.tokens -= 1;
    return undefined;
  }

  private forgetFull(now: number, capacity: number, perMs: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.refilledAt) * perMs >= capacity) this.buckets.delete(key);
    }
  }
}

const limiters = new WeakMap<AuthContext, MfaRateLimiter>();

/** 429 over_request_rate_limit once the client has used up its challenges (or verifications). */
export function checkMfaRate(
  context: AuthContext,
  endpoint: 'challenge' | 'verify',
  request: ApiRequest,
): void {
  let limiter = limiters.get(context);
  if (!limiter) {
    limiter = new MfaRateLimiter(context.settings.mfa.challengeAndVerifyPerMinute);
    limiters.set(context, limiter);
  }
  const retryAfter = limiter.take(`${endpoint}:${context.limits.clientAddress(request)}`);
  if (retryAfter !== undefined) {
    throw authError(
      429,
      'over_request_rate_limit',
      'Request rate limit reached',
      {},
      { 'Retry-After': String(retryAfter) },
    );
  }
}
