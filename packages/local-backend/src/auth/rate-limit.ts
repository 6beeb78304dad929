import type { RateLimits } from '../config';
import { authError } from './errors';

const fiveMinutes = 5 * 60 * 1000;
const oneHour = 60 * 60 * 1000;

interface Window {
  startedAt: number;
  count: number;
}

/** Fixed-window counters kept in memory, as GoTrue keeps its limits per process. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one attempt under `key`; answers the seconds to wait when that went over `limit`. */
  take(key: string, limit: number, windowMs: number): number | undefined {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      if (this.windows.size > 10_000) this.forgetExpired(now, windowMs);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= limit)
      return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
    window.count += 1;
    return undefined;
  }

  private forgetExpired(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= windowMs) this.windows.delete(key);
    }
  }
}

export type LimitedAction = 'sign_in_sign_ups' | 'token_refresh' | 'token_verifications';

/** The auth service's limits, per config.toml [auth.rate_limit]. */
export class AuthRateLimits {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly limits: RateLimits,
    now?: () => number,
  ) {
    this.limiter = new RateLimiter(now);
  }

  /** Per client address over five minutes; sign-ins and sign-ups also per e-mail address. */
  check(action: LimitedAction, ip: string, email?: string): void {
    const limit = this.limits[action];
    const keys = [`${action}:ip:${ip}`];
    if (email) keys.push(`${action}:email:${email}`);
    for (const key of keys) {
      const retryAfter = this.limiter.take(key, limit, fiveMinutes);
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
  }

  /** E-mails the whole project sends per hour (GoTrue's limit is not per address). */
  checkEmailSend(): void {
    const retryAfter = this.limiter.take('email_sent', this.limits.email_sent, oneHour);
    if (retryAfter !== undefined) {
      throw authError(
        429,
        'over_email_send_rate_limit',
        'email rate limit exceeded',
        {},
        { 'Retry-After': String(retryAfter) },
      );
    }
  }
}
