import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { LOCAL_ANON_KEY } from '../src/keys';
import { totpMatchingStep } from '../src/auth/totp';
import { fixtureSupabaseDir, startTestBackend, totpCode, type TestBackend } from '../src/testing';
import { queryOn, signUpNew } from './auth-support';
import { database, strongPassword, uniqueEmail } from './shared';

let mfa: TestBackend;
let projectDir: string;

beforeAll(async () => {
  projectDir = await mkdtemp(join(tmpdir(), 'mfa-fixture-'));
  await cp(fixtureSupabaseDir, projectDir, { recursive: true });
  await appendFile(
    join(projectDir, 'config.toml'),
    '\n[auth.mfa]\nmax_enrolled_factors = 3\n\n[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = true\n',
  );
  // Strict limits as config.toml sets them; each test plays a client at its own address.
  mfa = await startTestBackend({
    supabaseDir: projectDir,
    rateLimits: 'strict',
    rateLimitHeader: 'X-Forwarded-For',
  });
});

afterAll(async () => {
  await mfa?.stop();
  await rm(projectDir, { recursive: true, force: true });
});

let lastAddress = 0;
/** A supabase-js client at an address no other test uses. */
function clientAt(address = `192.0.2.${(lastAddress += 1)}`): SupabaseClient {
  return createClient(mfa.url, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': address } },
    realtime: { transport: WebSocket as never },
  });
}

interface Account {
  client: SupabaseClient;
  email: string;
}

async function newAccount(client = clientAt()): Promise<Account> {
  const email = uniqueEmail('mfa');
  const { error } = await client.auth.signUp({ email, password: strongPassword });
  expect(error).toBeNull();
  return { client, email };
}

async function enrolTotp(client: SupabaseClient, friendlyName?: string) {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  expect(error).toBeNull();
  if (!data) throw new Error('no enrolment');
  return data;
}

/** What sign-in, refresh and MFA verification answer alike. */
interface Session {
  access_token: string;
  refresh_token: string;
  user: User;
}

/** An account with a verified TOTP factor, its client signed in at aal2. */
async function accountWithVerifiedFactor() {
  const account = await newAccount();
  const factor = await enrolTotp(account.client, 'Phone');
  const code = totpCode(factor.totp.secret);
  const { data, error } = await account.client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code,
  });
  expect(error).toBeNull();
  if (!data) throw new Error('no session');
  return { ...account, factor, code, session: data as Session };
}

async function signInAt(email: string, client = clientAt()) {
  const { data, error } = await client.auth.signInWithPassword({ email, password: strongPassword });
  expect(error).toBeNull();
  return { client, session: data.session as Session };
}

const claimsOf = (session: Session) => decodeJwt(session.access_token);
const methodsOf = (session: Session) =>
  (claimsOf(session).amr as { method: string }[]).map((entry) => entry.method);

describe('TOTP codes (RFC 6238)', () => {
  it("match the RFC's SHA-1 test vectors, cut to six digits", () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(secret, 2_000_000_000_000)).toBe('279037');
  });

  it('accept the step before and the step after the current one, and no further', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    expect(totpMatchingStep(totpCode(secret, now), secret, now)).toBe(step);
    expect(totpMatchingStep(totpCode(secret, now - 30_000), secret, now)).toBe(step - 1);
    expect(totpMatchingStep(totpCode(secret, now + 30_000), secret, now)).toBe(step + 1);
    expect(totpMatchingStep(totpCode(secret, now - 60_000), secret, now)).toBeNull();
    expect(totpMatchingStep(totpCode(secret, now + 60_000), secret, now)).toBeNull();
  });
});

describe('enrolment', () => {
  it('answers an unverified factor with its secret, otpauth URI and an SVG QR code', async () => {
    const { client, email } = await newAccount();
    const factor = await enrolTotp(client, 'My phone');
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('My phone');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toBe(
      `otpauth://totp/localhost:5173:${email}?algorithm=SHA1&digits=6&issuer=localhost:5173` +
        `&period=30&secret=${factor.totp.secret}`,
    );
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^#]*<\/svg>$/);

    const { data: listed } = await client.auth.mfa.listFactors();
    expect(listed?.all).toEqual([
      expect.objectContaining({
        id: factor.id,
        friendly_name: 'My phone',
        factor_type: 'totp',
        status: 'unverified',
      }),
    ]);
    expect(listed?.totp).toEqual([]);
  });

  it('names the issuer the client gives', async () => {
    const { client, email } = await newAccount();
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Revolve Labs' });
    expect(data?.totp.uri).toMatch(
      new RegExp(`^otpauth://totp/Revolve%20Labs:${email}\\?.*&issuer=Revolve%20Labs&`),
    );
  });

  it('refuses a friendly name the user already has, unnamed ones included (422)', async () => {
    const { client } = await newAccount();
    await enrolTotp(client, 'Laptop');
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Laptop' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('mfa_factor_name_conflict');
    expect(error?.message).toBe(
      'A factor with the friendly name "Laptop" for this user already exists',
    );

    await enrolTotp(client);
    const unnamed = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(unnamed.error?.code).toBe('mfa_factor_name_conflict');
    expect(unnamed.error?.message).toBe(
      'A factor with the friendly name "" for this user already exists',
    );
  });

  it('refuses more than max_enrolled_factors factors, verified or not (422)', async () => {
    const { client } = await newAccount();
    for (const name of ['one', 'two', 'three']) await enrolTotp(client, name);
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'four' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('too_many_enrolled_mfa_factors');
  });

  it('drops abandoned enrolments: unverified, never challenged, past the factor expiry', async () => {
    const { client } = await newAccount();
    const stale = await enrolTotp(client, 'stale');
    await queryOn(
      mfa,
      `update auth.mfa_factors set created_at = now() - interval '301 seconds' where id = $1`,
      [stale.id],
    );
    await enrolTotp(client, 'fresh');
    const { data } = await client.auth.mfa.listFactors();
    expect(data?.all.map((factor) => factor.friendly_name)).toEqual(['fresh']);
  });

  it('needs aal2 to add a factor once one is verified (403 insufficient_aal)', async () => {
    const { email } = await accountWithVerifiedFactor();
    const { client } = await signInAt(email);
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('insufficient_aal');
    expect(error?.message).toBe('AAL2 required to enroll a new factor');
  });

  it('answers 400 to an unknown factor type and 422 to phone and WebAuthn factors', async () => {
    const { client } = await newAccount();
    const unknown = await client.auth.mfa.enroll({ factorType: 'sms' as 'totp' });
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('validation_failed');
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+447700900123' });
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled');
  });
});

describe('challenge and verify', () => {
  it('verifies the factor and answers a new aal2 session with totp in amr', async () => {
    const { client } = await newAccount();
    const before = (await client.auth.getSession()).data.session as Session;
    expect(claimsOf(before).aal).toBe('aal1');
    expect(methodsOf(before)).toEqual(['password']);
    const factor = await enrolTotp(client, 'Phone');

    const { data: challenge, error: challengeError } = await client.auth.mfa.challenge({
      factorId: factor.id,
    });
    expect(challengeError).toBeNull();
    expect(challenge?.type).toBe('totp');
    const expiresIn = (challenge?.expires_at ?? 0) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(290);
    expect(expiresIn).toBeLessThanOrEqual(300);

    const { data, error } = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge?.id ?? '',
      code: totpCode(factor.totp.secret),
    });
    expect(error).toBeNull();
    const session = data as Session;
    expect(session.access_token).not.toBe(before.access_token);
    expect(session.refresh_token).not.toBe(before.refresh_token);
    expect(claimsOf(session)).toMatchObject({
      aal: 'aal2',
      session_id: claimsOf(before).session_id,
    });
    expect(methodsOf(session)).toEqual(['totp', 'password']);
    expect(session.user.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'verified', factor_type: 'totp' }),
    ]);

    const { data: listed } = await client.auth.mfa.listFactors();
    expect(listed?.totp.map((verified) => verified.id)).toEqual([factor.id]);
    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level?.currentLevel).toBe('aal2');
    expect(level?.nextLevel).toBe('aal2');
    expect(level?.currentAuthenticationMethods).toEqual([
      expect.objectContaining({ method: 'totp' }),
      expect.objectContaining({ method: 'password' }),
    ]);
  });

  it('keeps aal2 through a refresh', async () => {
    const { session } = await accountWithVerifiedFactor();
    const { data, error } = await clientAt().auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(error).toBeNull();
    const refreshed = data.session as Session;
    expect(claimsOf(refreshed).aal).toBe('aal2');
    expect(methodsOf(refreshed)).toEqual(['totp', 'password']);
  });

  it('signs in at aal1 with aal2 next, and challengeAndVerify steps up', async () => {
    const { email, factor } = await accountWithVerifiedFactor();
    const { client, session } = await signInAt(email);
    expect(claimsOf(session).aal).toBe('aal1');
    expect(session.user.factors).toEqual([expect.objectContaining({ status: 'verified' })]);
    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    // The current step's code verified the factor; the next step's is new (one step of drift).
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, Date.now() + 30_000),
    });
    expect(error).toBeNull();
    const { data: upgraded } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(upgraded?.currentLevel).toBe('aal2');
    const { data: user } = await client.auth.getUser();
    expect(user.user?.id).toBe(session.user.id);
  });

  it('refuses a wrong code, and a code two steps old (422), leaving the challenge usable', async () => {
    const { client } = await newAccount();
    const factor = await enrolTotp(client);
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
    const attempt = (code: string) =>
      client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge?.id ?? '', code });

    const right = totpCode(factor.totp.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, totpCode(factor.totp.secret, Date.now() - 60_000)]) {
      const { error } = await attempt(code);
      expect(error?.status).toBe(422);
      expect(error?.code).toBe('mfa_verification_failed');
      expect(error?.message).toBe('Invalid TOTP code entered');
    }
    const { data: listed } = await client.auth.mfa.listFactors();
    expect(listed?.all[0]?.status).toBe('unverified');

    expect((await attempt(totpCode(factor.totp.secret))).error).toBeNull();
  });

  it('refuses an expired challenge (422 mfa_challenge_expired) and deletes it', async () => {
    const { client } = await newAccount();
    const factor = await enrolTotp(client);
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
    const challengeId = challenge?.id ?? '';
    await queryOn(
      mfa,
      `update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`,
      [challengeId],
    );
    const { error } = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId,
      code: totpCode(factor.totp.secret),
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('mfa_challenge_expired');
    expect(error?.message).toBe(
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
    expect(
      await queryOn(mfa, 'select 1 from auth.mfa_challenges where id = $1', [challengeId]),
    ).toHaveLength(0);
  });

  it('refuses a challenge that was already verified, as GoTrue words it (422)', async () => {
    const { client } = await newAccount();
    const factor = await enrolTotp(client);
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
    const replay = () =>
      client.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge?.id ?? '',
        code: totpCode(factor.totp.secret),
      });
    expect((await replay()).error).toBeNull();
    const { error } = await replay();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('mfa_ip_address_mismatch');
    expect(error?.message).toBe('Challenge and verify IP addresses mismatch.');
  });

  it('refuses a code already used for the factor, on a fresh challenge (RFC 6238 section 5.2)', async () => {
    const { client, factor, code } = await accountWithVerifiedFactor();
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('mfa_verification_failed');
    // So is the step before it, once a later step's code has verified the factor.
    const later = totpCode(factor.totp.secret, Date.now() + 30_000);
    expect(
      (await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: later })).error,
    ).toBeNull();
    const { error: earlier } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, Date.now() - 30_000),
    });
    expect(earlier?.code).toBe('mfa_verification_failed');
  });

  it("accepts the previous step's code (a phone's clock a little behind)", async () => {
    const { client } = await newAccount();
    const factor = await enrolTotp(client);
    // Far enough from the step's end that the code is still one step old when the backend checks it.
    await expect.poll(() => Date.now() % 30_000, { timeout: 10_000 }).toBeLessThan(25_000);
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, Date.now() - 30_000),
    });
    expect(error).toBeNull();
  });

  it("accepts the next step's code (a phone's clock a little ahead)", async () => {
    const { client } = await newAccount();
    const factor = await enrolTotp(client);
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, Date.now() + 30_000),
    });
    expect(error).toBeNull();
  });

  it('binds a challenge to the address it was made from (422 mfa_ip_address_mismatch)', async () => {
    const { client } = await newAccount(clientAt('198.51.100.7'));
    const factor = await enrolTotp(client);
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
    const session = (await client.auth.getSession()).data.session as Session;
    const response = await fetch(`${mfa.url}/auth/v1/factors/${factor.id}/verify`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_ANON_KEY,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': '198.51.100.8',
      },
      body: JSON.stringify({ challenge_id: challenge?.id, code: totpCode(factor.totp.secret) }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'mfa_ip_address_mismatch' });
  });

  it("ends the user's other aal1 sessions and removes their other unverified factors", async () => {
    const { client, email } = await newAccount();
    const other = await signInAt(email);
    const factor = await enrolTotp(client, 'kept');
    await enrolTotp(client, 'abandoned');
    const { data, error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(error).toBeNull();
    expect((data as Session).user.factors?.map((listed) => listed.friendly_name)).toEqual(['kept']);
    const { error: refreshError } = await clientAt().auth.refreshSession({
      refresh_token: other.session.refresh_token,
    });
    expect(refreshError?.code).toBe('refresh_token_not_found');
  });

  it('answers 404 for a factor of another user or a malformed id', async () => {
    const { factor } = await accountWithVerifiedFactor();
    const { client } = await newAccount();
    const foreign = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(foreign.error?.status).toBe(404);
    expect(foreign.error?.code).toBe('mfa_factor_not_found');
    const malformed = await client.auth.mfa.challenge({ factorId: 'not-a-uuid' });
    expect(malformed.error?.status).toBe(404);
  });

  it('limits verifications per client address: a burst of 30, then 429', async () => {
    const { client } = await newAccount();
    const factor = await enrolTotp(client);
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
    const right = totpCode(factor.totp.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const attempt = (code: string) =>
      client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge?.id ?? '', code });
    for (let tried = 0; tried < 30; tried += 1) {
      expect((await attempt(wrong)).error?.code).toBe('mfa_verification_failed');
    }
    const { error } = await attempt(totpCode(factor.totp.secret));
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
  });
});

describe('unenrolment', () => {
  it('removes an unverified factor from an aal1 session', async () => {
    const { client } = await newAccount();
    const factor = await enrolTotp(client);
    const { data, error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factor.id });
    const { data: user } = await client.auth.getUser();
    expect(user.user).not.toHaveProperty('factors');
  });

  it('needs aal2 for a verified factor, then drops the session back to aal1', async () => {
    const { email, factor } = await accountWithVerifiedFactor();
    const { client } = await signInAt(email);
    const refused = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('insufficient_aal');
    expect(refused.error?.message).toBe('AAL2 required to unenroll verified factor');

    // The current step's code verified the factor already; the next step's is new.
    const { data: upgraded } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, Date.now() + 30_000),
    });
    const { data, error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factor.id });

    const { data: refreshed } = await clientAt().auth.refreshSession({
      refresh_token: (upgraded as Session).refresh_token,
    });
    const session = refreshed.session as Session;
    expect(claimsOf(session).aal).toBe('aal1');
    expect(methodsOf(session)).toEqual(['password']);
    expect(session.user).not.toHaveProperty('factors');
  });
});

describe('with TOTP off in config.toml (the CLI default)', () => {
  it("reads [auth.mfa] with the CLI's defaults when the section is missing", () => {
    expect(loadConfig({ supabaseDir: fixtureSupabaseDir }).auth.mfa).toMatchObject({
      maxEnrolledFactors: 10,
      totpEnrollEnabled: false,
      totpVerifyEnabled: false,
      challengeExpirySeconds: 300,
    });
    expect(mfa.backend.config.auth.mfa).toMatchObject({
      maxEnrolledFactors: 3,
      totpEnrollEnabled: true,
      totpVerifyEnabled: true,
    });
  });

  const shared = database();
  afterAll(() => shared.end());

  it('refuses enrolment (422 mfa_totp_enroll_not_enabled) and challenges of existing factors', async () => {
    const { client, session } = await signUpNew();
    const enrol = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrol.error?.status).toBe(422);
    expect(enrol.error?.code).toBe('mfa_totp_enroll_not_enabled');
    expect(enrol.error?.message).toBe('MFA enroll is disabled for TOTP');

    // A factor a seed or an earlier configuration left behind.
    const factorId = crypto.randomUUID();
    await shared.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
       values ($1, $2, 'seeded', 'totp', 'verified', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')`,
      [factorId, session.user.id],
    );
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect(challenge.error?.status).toBe(422);
    expect(challenge.error?.code).toBe('mfa_totp_verify_not_enabled');
  });
});

describe('the address a challenge is bound to, with no proxy header trusted', () => {
  let direct: TestBackend;
  beforeAll(async () => {
    direct = await startTestBackend({ supabaseDir: projectDir });
  });
  afterAll(() => direct?.stop());

  /** A POST from the socket address `from` (any 127.x.x.x reaches a loopback listener on Linux). */
  function postFrom(from: string, url: string, headers: Record<string, string>, body: unknown) {
    return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const request = httpRequest(
        url,
        {
          method: 'POST',
          localAddress: from,
          headers: {
            ...headers,
            'Content-Type': 'application/json',
            'Content-Length': `${Buffer.byteLength(payload)}`,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }),
          );
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  it("is the connection's: a verify from another address naming the first in X-Forwarded-For is refused", async () => {
    const client = direct.anonClient();
    const email = uniqueEmail('socket');
    expect((await client.auth.signUp({ email, password: strongPassword })).error).toBeNull();
    const factor = await enrolTotp(client);
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    const headers = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` };
    const factorUrl = `${direct.url}/auth/v1/factors/${factor.id}`;

    const challenge = await postFrom(
      '127.0.0.1',
      `${factorUrl}/challenge`,
      {
        ...headers,
        'X-Forwarded-For': '203.0.113.50',
      },
      {},
    );
    expect(challenge.status).toBe(200);
    const [row] = await queryOn<{ ip_address: string }>(
      direct,
      'select host(ip_address) as ip_address from auth.mfa_challenges where id = $1',
      [challenge.body.id],
    );
    expect(row?.ip_address).toBe('127.0.0.1');

    const code = totpCode(factor.totp.secret);
    const forged = await postFrom(
      '127.0.0.2',
      `${factorUrl}/verify`,
      {
        ...headers,
        'X-Forwarded-For': '127.0.0.1',
      },
      { challenge_id: challenge.body.id, code },
    );
    expect(forged.status).toBe(422);
    expect(forged.body).toMatchObject({ code: 'mfa_ip_address_mismatch' });

    const own = await postFrom(
      '127.0.0.1',
      `${factorUrl}/verify`,
      {
        ...headers,
        'X-Forwarded-For': '198.51.100.77',
      },
      { challenge_id: challenge.body.id, code },
    );
    expect(own.status).toBe(200);
  });
});
