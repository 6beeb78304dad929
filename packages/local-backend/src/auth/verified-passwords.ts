import { createHmac, randomBytes } from 'node:crypto';

export interface VerifiedPasswordsOptions {
  /** At most this many pairs are remembered; the oldest verification is forgotten first. */
  maxEntries: number;
  /** How long after bcrypt verified a pair it is still trusted without bcrypt. */
  ttlMs: number;
  /** A monotonic clock in milliseconds. */
  now?: () => number;
}

/**
 * The (hash, password) pairs bcrypt verified recently, so an account signing in again with the same
 * password skips a bcrypt check that would only repeat the same answer. Only a match is remembered:
 * a wrong password finds nothing and pays bcrypt in full every time, so guessing is no faster. The
 * pair is known by an HMAC under a key drawn at random for each instance and never written anywhere,
 * so neither the password nor anything that can be checked against it without that key is kept. A
 * new password means a new hash, which was never verified, so a change takes effect at once.
 */
export class VerifiedPasswords {
  private readonly key = randomBytes(32);
  /** HMAC of the pair -> when it stops being trusted, oldest verification first. */
  private readonly expiries = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: VerifiedPasswordsOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.expiries.size;
  }

  /** Whether bcrypt found `password` to match `hash` within the last ttlMs. */
  has(hash: string, password: string): boolean {
    const id = this.idOf(hash, password);
    const expiry = this.expiries.get(id);
    if (expiry === undefined) return false;
    if (expiry > this.now()) return true;
    this.expiries.delete(id);
    return false;
  }

  /** Call only after bcrypt found `password` to match `hash`. */
  remember(hash: string, password: string): void {
    const id = this.idOf(hash, password);
    const now = this.now();
    // Deleted first so that the Map's order stays the order of verification (and of expiry).
    this.expiries.delete(id);
    this.expiries.set(id, now + this.options.ttlMs);
    for (const [oldest, expiry] of this.expiries) {
      if (expiry > now && this.expiries.size <= this.options.maxEntries) break;
      this.expiries.delete(oldest);
    }
  }

  private idOf(hash: string, password: string): string {
    // JSON keeps the two apart: no other (hash, password) pair has the same text.
    return createHmac('sha256', this.key)
      .update(JSON.stringify([hash, password]))
      .digest('base64');
  }
}
