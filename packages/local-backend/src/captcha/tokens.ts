import { randomBytes } from 'node:crypto';

/** How long an issued token can be verified, as a Turnstile token (five minutes). */
export const TOKEN_LIFETIME_MS = 300_000;

/** Tokens kept at once; past this the oldest go first (a loop asking for tokens cannot fill memory). */
const MAX_TOKENS = 10_000;

interface Issued {
  expiresAt: number;
  spent: boolean;
  hostname?: string;
  issuedAt: number;
}

export type Verification =
  | { success: true; hostname?: string; issuedAt: number }
  | { success: false; errorCode: 'invalid-input-response' | 'timeout-or-duplicate' };

/**
 * The tokens the stand-in widget was given: random, single-use, valid for TOKEN_LIFETIME_MS. A spent
 * or expired token is remembered until its lifetime ends, so siteverify can tell it from a made-up one.
 */
export class CaptchaTokens {
  private readonly issued = new Map<string, Issued>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(hostname?: string): string {
    this.prune();
    const token = randomBytes(32).toString('base64url');
    const issuedAt = this.now();
    this.issued.set(token, {
      expiresAt: issuedAt + TOKEN_LIFETIME_MS,
      spent: false,
      hostname,
      issuedAt,
    });
    return token;
  }

  /** Cloudflare's answer for `token`, spending it when it passes. */
  spend(token: string): Verification {
    const entry = this.issued.get(token);
    if (!entry) return { success: false, errorCode: 'invalid-input-response' };
    if (entry.spent || entry.expiresAt <= this.now()) {
      return { success: false, errorCode: 'timeout-or-duplicate' };
    }
    entry.spent = true;
    return { success: true, hostname: entry.hostname, issuedAt: entry.issuedAt };
  }

  private prune(): void {
    const now = this.now();
    for (const [token, entry] of this.issued) {
      if (entry.expiresAt <= now) this.issued.delete(token);
    }
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const token of this.issued.keys()) {
      if (this.issued.size < MAX_TOKENS) break;
      this.issued.delete(token);
    }
  }
}
