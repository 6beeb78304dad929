import type { RateLimits } from '../config';
import type { ApiRequest } from '../http/types';
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

  /**
   * `ipHeader`: a request header trusted to name the client's address (GoTrue's
   * GOTRUE_RATE_LIMIT_HEADER), for a backend behind a proxy or tests that play several clients.
   */
  constructor(
    private readonly limits: RateLimits,
    private readonly ipHeader?: string,
    now?: () => number,
  ) {
    this.limiter = new RateLimiter(now);
  }

  /**
   * Per client address over five minutes, as GoTrue counts. Not per e-mail address: then anyone could
   * lock a user out by failing their password from elsewhere.
   */
  check(action: LimitedAction, request: Pick<ApiRequest, 'ip' | 'headers'>): void {
    const retryAfter = this.limiter.take(
      `${action}:ip:${this.clientAddress(request)}`,
      this.limits[action],
      fiveMinutes,
    );
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

  /** Anonymous sign-ins per client address per hour ([auth.rate_limit] anonymous_users). */
  checkAnonymousSignIn(request: Pick<ApiRequest, 'ip' | 'headers'>, perHour: number): void {
    const retryAfter = this.limiter.take(
      `anonymous_users:ip:${this.clientAddress(request)}`,
      perHour,
      oneHour,
    );
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

  /** The trusted header's first address (a proxy appends the ones it saw), else the socket's. */
  clientAddress(request: Pick<ApiRequest, 'ip' | 'headers'>): string {
    if (!this.ipHeader) return request.ip;
    const value = request.headers[this.ipHeader.toLowerCase()];
    const first = (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
    return first || request.ip;
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
