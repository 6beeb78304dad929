import type { AuthSettings } from '../config';
import { BcryptPool } from './bcrypt-pool';
import { authError, validationFailed } from './errors';
import { VerifiedPasswords } from './verified-passwords';

const lower = 'abcdefghijklmnopqrstuvwxyz';
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const digits = '0123456789';
const symbols = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** config.toml `password_requirements` -> the character sets a password must each draw from. */
const requiredCharacterSets: Record<string, string[]> = {
  '': [],
  letters_digits: [lower + upper, digits],
  lower_upper_letters_digits: [lower, upper, digits],
  lower_upper_letters_digits_symbols: [lower, upper, digits, symbols],
};

/** bcrypt ignores everything after 72 bytes, so GoTrue refuses longer passwords. */
const maximumPasswordBytes = 72;
/** GoTrue's cost (Go's bcrypt.DefaultCost); hashes stored with another cost are checked at theirs. */
export const BCRYPT_COST = 10;

/** One pool for the process: every backend in it shares the cores. */
const bcryptPool = new BcryptPool();

/**
 * A repeat sign-in with a password bcrypt recently verified for the same hash skips bcrypt (see
 * VerifiedPasswords): a first sign-in and every wrong password still pay the full cost. A core
 * checks only ~15 cost-10 hashes a second, and a test suite signs the same users in again and again.
 */
const verifiedPasswords = new VerifiedPasswords({ maxEntries: 10_000, ttlMs: 10 * 60_000 });

export interface PasswordWeakness {
  message: string;
  reasons: string[];
}

type PasswordPolicy = Pick<AuthSettings, 'minimumPasswordLength' | 'passwordRequirements'>;

/** What the policy finds wrong with a password (GoTrue's messages and reasons), if anything. */
export function passwordWeakness(
  password: string,
  policy: PasswordPolicy,
): PasswordWeakness | undefined {
  const messages: string[] = [];
  const reasons: string[] = [];
  if ([...password].length < policy.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minimumPasswordLength} characters.`);
  }
  const sets = requiredCharacterSets[policy.passwordRequirements] ?? [];
  if (sets.some((set) => ![...password].some((character) => set.includes(character)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length ? { message: messages.join(' '), reasons } : undefined;
}

/** Refuses a password a user is about to set: 400 when too long, 422 weak_password by the policy. */
export function assertAcceptablePassword(password: string, policy: PasswordPolicy): void {
  if (Buffer.byteLength(password, 'utf8') > maximumPasswordBytes) {
    throw validationFailed(`Password cannot be longer than ${maximumPasswordBytes} characters`);
  }
  const weakness = passwordWeakness(password, policy);
  if (weakness) {
    throw authError(422, 'weak_password', weakness.message, {
      weak_password: { reasons: weakness.reasons },
    });
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcryptPool.hash(password, BCRYPT_COST);
}

// Compared against when the account does not exist, so both answers take as long.
let unknownAccountHash: Promise<string> | undefined;

export async function passwordMatches(
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  unknownAccountHash ??= bcryptPool
    .hash('no account has this password', BCRYPT_COST)
    .catch((error: unknown) => {
      unknownAccountHash = undefined;
      throw error;
    });
  const checked = hash || (await unknownAccountHash);
  // Looked up for an unknown account too (never found), so that it does the same work as a wrong
  // password. Its stand-in hash is never remembered: its password is in this file for anyone to
  // read, and a quick answer to it would tell which accounts do not exist.
  if (verifiedPasswords.has(checked, password)) return !!hash;
  const same = await bcryptPool.compare(password, checked);
  if (same && hash) verifiedPasswords.remember(hash, password);
  return same && !!hash;
}
