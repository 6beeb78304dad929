/**
 * Account protection through Supabase Auth's hooks (docs/security.md): a factor locks after 5 wrong
 * codes in 15 minutes from any number of addresses, and sign-ups with oversized details are refused
 * at the door. The backend calls the hooks as hosted Auth does, from config.toml's [auth.hook.*].
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LOCAL_PUBLISHABLE_KEY } from '@revolve/local-backend/keys';
import { totpCode } from '@revolve/local-backend/testing';
import {
  anonClient,
  database,
  enrolSecondFactor,
  mailbox,
  newUser,
  projectUrl,
  seedPassword,
  serviceClient,
} from './project';

const lockoutSubject = 'Sign-in to your Revolve account was locked';

let lastAddress = 0;
/** A client the backend sees at an address of its own (the suite's backend trusts X-Forwarded-For). */
function clientAt(address = `203.0.113.${(lastAddress += 1)}`): SupabaseClient {
  return createClient(projectUrl, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': address } },
    realtime: { transport: WebSocket as never },
  });
}

/** An account with a verified authenticator app; its first session is at aal2. */
async function accountWithApp() {
  const user = await newUser('Locked Out');
  const secret = await enrolSecondFactor(user.client);
  const { data } = await user.client.auth.mfa.listFactors();
  const factorId = data?.totp[0]?.id ?? '';
  return { ...user, secret, factorId };
}

const wrongCode = (secret: string) =>
  String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');

/** Signs in with the password from a new address and tries `code` on a new challenge there. */
async function tryCode(email: string, factorId: string, code: string) {
  const client = clientAt();
  const signIn = await client.auth.signInWithPassword({ email, password: seedPassword });
  expect(signIn.error).toBeNull();
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
  return { client, error };
}

/** Moves the account's lock-out and failed codes `minutes` into the past. */
async function movePast(userId: string, minutes: number) {
  const by = `${minutes} minutes`;
  await database().query(
    `update private.mfa_lockouts set locked_at = locked_at - $2::interval,
       locked_until = locked_until - $2::interval where user_id = $1`,
    [userId, by],
  );
  await database().query(
    `update private.mfa_failed_attempts set attempted_at = attempted_at - $2::interval
      where user_id = $1`,
    [userId, by],
  );
}

describe('lock-out per factor (MFA verification attempt hook)', () => {
  it('refuses every code, the right one included, after 5 wrong codes from 5 addresses, until 15 minutes pass', async () => {
    const account = await accountWithApp();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const { error } = await tryCode(account.email, account.factorId, wrongCode(account.secret));
      expect(error?.code).toBe('mfa_verification_failed');
    }
    const fifth = await tryCode(account.email, account.factorId, wrongCode(account.secret));
    expect(fifth.error?.status).toBe(403);
    expect(fifth.error?.code).toBe('mfa_verification_rejected');
    expect(fifth.error?.message).toBe(
      'Too many incorrect codes. For your security, codes for this account are refused for the next 15 minutes. We have e-mailed you about it. Please wait, then sign in again.',
    );

    const right = await tryCode(account.email, account.factorId, totpCode(account.secret));
    expect(right.error?.code).toBe('mfa_verification_rejected');
    // Each refusal signs the account out everywhere, its first aal2 session included.
    const { error: refreshError } = await account.client.auth.refreshSession();
    expect(refreshError?.code).toBe('refresh_token_not_found');

    const mail = await mailbox.waitFor(account.email, { subject: lockoutSubject });
    expect(mail.text).toContain('Five incorrect codes from your authenticator app were entered');
    expect(mail.text).toContain('/forgot-password');

    await movePast(account.id, 14);
    const stillLocked = await tryCode(account.email, account.factorId, totpCode(account.secret));
    expect(stillLocked.error?.message).toContain('refused for the next 1 minute.');

    await movePast(account.id, 1);
    const after = await tryCode(account.email, account.factorId, totpCode(account.secret));
    expect(after.error).toBeNull();
    const { data: level } = await after.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level?.currentLevel).toBe('aal2');
  });

  it('counts only wrong codes of the last 15 minutes, and a right code clears the count', async () => {
    const account = await accountWithApp();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await tryCode(account.email, account.factorId, wrongCode(account.secret));
    }
    await movePast(account.id, 16);
    const afterPeriod = await tryCode(account.email, account.factorId, wrongCode(account.secret));
    expect(afterPeriod.error?.code).toBe('mfa_verification_failed');

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await tryCode(account.email, account.factorId, wrongCode(account.secret));
    }
    expect(
      (await tryCode(account.email, account.factorId, totpCode(account.secret))).error,
    ).toBeNull();
    const afterRight = await tryCode(account.email, account.factorId, wrongCode(account.secret));
    expect(afterRight.error?.code).toBe('mfa_verification_failed');
    expect(await mailbox.to(account.email, lockoutSubject)).toEqual([]);
  });

  it('evaluates parallel wrong codes one at a time: 4 are checked, the rest refused, one lock-out', async () => {
    const account = await accountWithApp();
    const client = clientAt();
    const signIn = await client.auth.signInWithPassword({
      email: account.email,
      password: seedPassword,
    });
    expect(signIn.error).toBeNull();
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: account.factorId });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        client.auth.mfa.verify({
          factorId: account.factorId,
          challengeId: challenge?.id ?? '',
          code: wrongCode(account.secret),
        }),
      ),
    );
    const codes = results.map((result) => result.error?.code);
    expect(codes.filter((code) => code === 'mfa_verification_failed')).toHaveLength(4);
    // The rest were refused: by the hook, or for the session its first refusal ended.
    expect(results.filter((result) => result.error?.status === 403)).toHaveLength(8);
    const { rows } = await database().query(
      'select 1 from private.mfa_lockouts where user_id = $1',
      [account.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('runs only as Auth: no API role may call the hooks or read the lock-outs', async () => {
    const { client } = await newUser('Hook Caller');
    for (const caller of [anonClient(), client, serviceClient()]) {
      const attempt = await caller.rpc('mfa_verification_attempt', {
        event: { user_id: crypto.randomUUID(), factor_id: crypto.randomUUID(), valid: true },
      });
      expect(attempt.error).not.toBeNull();
      const created = await caller.rpc('before_user_created', { event: {} });
      expect(created.error).not.toBeNull();
    }
  });
});

describe('size limits at the door (before-user-created hook)', () => {
  const email = () =>
    `door-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;

  async function signUpWith(data: Record<string, unknown>) {
    const address = email();
    const { error } = await anonClient().auth.signUp({
      email: address,
      password: seedPassword,
      options: { data },
    });
    const { rows } = await database().query('select 1 from auth.users where email = $1', [address]);
    return { error, created: rows.length > 0 };
  }

  it.each([
    [
      { name: 'x'.repeat(1_000_000) },
      'The details sent with this sign-up are too long. Please shorten your name and try again.',
    ],
    [
      { name: 'A', extra: 'y'.repeat(3000) },
      'The details sent with this sign-up are too long. Please shorten your name and try again.',
    ],
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ name: '   A   ' }, 'Name must be at least 2 characters'],
    [{ name: 'N'.repeat(101) }, 'Name must be 100 characters or fewer'],
    [{ name: { first: 'Ann' } }, 'Name must be text'],
  ])('refuses %#: 400 with the reason, and no account', async (data, message) => {
    const { error, created } = await signUpWith(data);
    expect(error?.status).toBe(400);
    expect(error?.message).toBe(message);
    expect(created).toBe(false);
  });

  it('lets a name of 2 to 100 characters through', async () => {
    for (const name of ['Al', 'N'.repeat(100)]) {
      const { error, created } = await signUpWith({ name });
      expect(error).toBeNull();
      expect(created).toBe(true);
    }
  });

  it('refuses an oversized invitation from the admin API too', async () => {
    const address = email();
    const { error } = await serviceClient().auth.admin.inviteUserByEmail(address, {
      data: { name: 'x'.repeat(5000) },
    });
    expect(error?.status).toBe(400);
    const { rows } = await database().query('select 1 from auth.users where email = $1', [address]);
    expect(rows).toHaveLength(0);
  });

  it('caps an authenticator name at 100 characters', async () => {
    const { client, id } = await newUser('Long Factor');
    for (const friendlyName of ['F'.repeat(101), 'F'.repeat(1_000_000)]) {
      const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
      expect(error).not.toBeNull();
    }
    const { rows } = await database().query('select 1 from auth.mfa_factors where user_id = $1', [
      id,
    ]);
    expect(rows).toHaveLength(0);
    const { error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'F'.repeat(100),
    });
    expect(error).toBeNull();
  });
});
