import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BcryptPool } from '../src/auth/bcrypt-pool';
import { hashPassword, passwordMatches } from '../src/auth/passwords';
import { VerifiedPasswords } from '../src/auth/verified-passwords';
import { LOCAL_ANON_KEY } from '../src/keys';
import { authUrl, signUpNew } from './auth-support';
import { database, strongPassword } from './shared';

const db = database();
afterAll(() => db.end());

const signInStatus = (email: string, password: string) =>
  fetch(`${authUrl}/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

describe('password hashing off the event loop', () => {
  it('keeps answering other requests promptly while 20 clients sign in at once', async () => {
    const { email } = await signUpNew();
    const signIn = () => signInStatus(email, strongPassword);

    let signingIn = true;
    const signIns = Promise.all(Array.from({ length: 20 }, signIn)).finally(() => {
      signingIn = false;
    });
    const latencies: number[] = [];
    while (signingIn) {
      const started = performance.now();
      const response = await fetch(`${authUrl}/health`, { headers: { apikey: LOCAL_ANON_KEY } });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }

    expect(await signIns).toEqual(Array.from({ length: 20 }, () => 200));
    // bcrypt costs ~100 ms or more of CPU per sign-in; on the event loop a health check would wait
    // behind several of them. The median, since a busy machine delays single requests anyway.
    latencies.sort((a, b) => a - b);
    expect(latencies.length).toBeGreaterThan(5);
    expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(100);
  }, 60_000);
});

describe('repeat sign-ins skip bcrypt only for a password it verified', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const countBcryptChecks = () => vi.spyOn(BcryptPool.prototype, 'compare');

  it('checks a correct password with bcrypt once, then answers the same from memory', async () => {
    const hash = await hashPassword('Remembered1');
    const bcryptChecks = countBcryptChecks();
    expect(await passwordMatches('Remembered1', hash)).toBe(true);
    expect(await passwordMatches('Remembered1', hash)).toBe(true);
    expect(bcryptChecks).toHaveBeenCalledTimes(1);
  });

  it('checks a wrong password with bcrypt every time, even once the right one is remembered', async () => {
    const hash = await hashPassword('Remembered2');
    expect(await passwordMatches('Remembered2', hash)).toBe(true);
    const bcryptChecks = countBcryptChecks();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await passwordMatches('Remembered2x', hash)).toBe(false);
    }
    expect(bcryptChecks).toHaveBeenCalledTimes(3);
  });

  it('checks a new hash with bcrypt: the old password fails against it, the new one passes', async () => {
    const oldHash = await hashPassword('OldPassword3');
    expect(await passwordMatches('OldPassword3', oldHash)).toBe(true);
    const newHash = await hashPassword('NewPassword3');
    const bcryptChecks = countBcryptChecks();
    expect(await passwordMatches('OldPassword3', newHash)).toBe(false);
    expect(await passwordMatches('NewPassword3', newHash)).toBe(true);
    expect(bcryptChecks).toHaveBeenCalledTimes(2);
  });

  it('checks an unknown account with bcrypt every time, whatever the password', async () => {
    const bcryptChecks = countBcryptChecks();
    for (const password of ['no account has this password', 'no account has this password']) {
      expect(await passwordMatches(password, null)).toBe(false);
    }
    expect(bcryptChecks).toHaveBeenCalledTimes(2);
  });

  it('refuses the old password as soon as the stored hash changes, however it was changed', async () => {
    const { email, session } = await signUpNew();
    expect(await signInStatus(email, strongPassword)).toBe(200);
    expect(await signInStatus(email, strongPassword)).toBe(200);
    await db.query('update auth.users set encrypted_password = $2 where id = $1', [
      session.user.id,
      await hashPassword('Changed456'),
    ]);
    expect(await signInStatus(email, strongPassword)).toBe(400);
    expect(await signInStatus(email, 'Changed456')).toBe(200);
    expect(await signInStatus(email, 'Changed456')).toBe(200);
  });
});

describe('the memory of verified passwords', () => {
  it('keeps at most maxEntries pairs, forgetting the oldest verification first', () => {
    const verified = new VerifiedPasswords({ maxEntries: 2, ttlMs: 60_000 });
    verified.remember('hash-a', 'password-a');
    verified.remember('hash-b', 'password-b');
    verified.remember('hash-a', 'password-a');
    verified.remember('hash-c', 'password-c');
    expect(verified.size).toBe(2);
    expect(verified.has('hash-b', 'password-b')).toBe(false);
    expect(verified.has('hash-a', 'password-a')).toBe(true);
    expect(verified.has('hash-c', 'password-c')).toBe(true);
  });

  it('trusts a pair for ttlMs after it was verified, then forgets it', () => {
    let now = 0;
    const verified = new VerifiedPasswords({ maxEntries: 10, ttlMs: 1000, now: () => now });
    verified.remember('hash', 'password');
    now = 999;
    expect(verified.has('hash', 'password')).toBe(true);
    now = 1000;
    expect(verified.has('hash', 'password')).toBe(false);
    expect(verified.size).toBe(0);
  });

  it('knows a pair only with both halves exactly as verified', () => {
    const verified = new VerifiedPasswords({ maxEntries: 10, ttlMs: 60_000 });
    verified.remember('hash', 'password');
    expect(verified.has('hash', 'password ')).toBe(false);
    expect(verified.has('hash2', 'password')).toBe(false);
    expect(verified.has('hashp', 'assword')).toBe(false);
    expect(verified.has('hash', 'password')).toBe(true);
  });
});
