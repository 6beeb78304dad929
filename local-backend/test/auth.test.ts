import { randomUUID } from 'node:crypto';
import {
  createClient,
  isAuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
  type Session,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createAuthService } from '../src/auth/service';
import { loadConfig } from '../src/config';
import { signJwt } from '../src/jwt';
import { LOCAL_ANON_KEY } from '../src/keys';
import { fixtureSupabaseDir, startTestBackend, type TestBackend } from './harness';
import {
  anonClient,
  backendUrl,
  database,
  mailboxUrl,
  strongPassword,
  uniqueEmail,
} from './shared';

const authUrl = `${backendUrl}/auth/v1`;

/** One query on another test backend's database. */
async function queryOn<T extends pg.QueryResultRow>(
  instance: TestBackend,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: instance.dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
const siteUrl = 'http://localhost:5173';
const db = database();
afterAll(() => db.end());

interface SignedUp {
  client: SupabaseClient;
  email: string;
  session: Session;
}

async function signUpNew(data: Record<string, unknown> = {}): Promise<SignedUp> {
  const client = anonClient();
  const email = uniqueEmail('auth');
  const { data: result, error } = await client.auth.signUp({
    email,
    password: strongPassword,
    options: { data },
  });
  expect(error).toBeNull();
  expect(result.session).not.toBeNull();
  return { client, email, session: result.session as Session };
}

async function signIn(email: string, password = strongPassword): Promise<SignedUp> {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, email, session: data.session as Session };
}

/** A refresh through a client of its own, so no client-side state or cache is involved. */
async function refreshWith(refreshToken: string) {
  return anonClient().auth.refreshSession({ refresh_token: refreshToken });
}

/** A client in the PKCE flow (as @supabase/ssr configures it), its verifier kept in memory. */
function pkceClient(): SupabaseClient {
  return createClient(backendUrl, LOCAL_ANON_KEY, {
    auth: {
      flowType: 'pkce',
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: WebSocket as never },
  });
}

function authFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${authUrl}${path}`, {
    ...init,
    headers: {
      apikey: LOCAL_ANON_KEY,
      'X-Supabase-Api-Version': '2024-01-01',
      ...(init.body && typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
  });
}

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

interface Mail {
  Text: string;
  HTML: string;
  Subject: string;
}

/** The newest message to `address` with `subject`, read back through the Mailpit API. */
async function waitForMail(
  address: string,
  subject: string,
  options: { after?: number; mailbox?: string } = {},
): Promise<Mail> {
  const { after = 0, mailbox = mailboxUrl } = options;
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${mailbox}/api/v1/messages`);
    if (response.ok) {
      const { messages } = (await response.json()) as {
        messages: { ID: string; To: { Address: string }[]; Subject: string; Created: string }[];
      };
      const match = messages
        .filter(
          (message) =>
            message.Subject === subject &&
            message.To.some((to) => to.Address === address) &&
            Date.parse(message.Created) >= after,
        )
        .sort((a, b) => Date.parse(b.Created) - Date.parse(a.Created))[0];
      if (match) {
        const detail = await fetch(`${mailbox}/api/v1/message/${match.ID}`);
        return (await detail.json()) as Mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no "${subject}" e-mail reached ${address}`);
}

function verifyLinkIn(mail: Mail): string {
  const link = /http\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0];
  if (!link) throw new Error(`no verification link in: ${mail.Text}`);
  return link;
}

function codeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.Text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.Text}`);
  return code;
}

async function requestRecovery(
  email: string,
  redirectTo = `${siteUrl}/change-password`,
  client = anonClient(),
): Promise<Mail> {
  const requestedAt = Date.now() - 1000;
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
  expect(error).toBeNull();
  return waitForMail(email, 'Reset Your Password', { after: requestedAt });
}

async function followLink(link: string): Promise<Response> {
  return fetch(link, { redirect: 'manual' });
}

/** Walks the local Google consent page: GET /authorize, then submits the form for `email`. */
async function consentToGoogle(
  authorizeUrl: string,
  email: string,
  name = '',
): Promise<{ page: string; response: Response }> {
  const pageResponse = await fetch(authorizeUrl);
  expect(pageResponse.status).toBe(200);
  expect(pageResponse.headers.get('content-type')).toContain('text/html');
  const page = await pageResponse.text();
  const state = /name="state" value="([^"]+)"/.exec(page)?.[1];
  expect(state).toBeTruthy();
  const response = await fetch(`${authUrl}/authorize/google`, {
    method: 'POST',
    body: new URLSearchParams({ state: state as string, email, name }),
    redirect: 'manual',
  });
  return { page, response };
}

const googleAuthorizeUrl = (redirectTo: string) =>
  `${authUrl}/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`;

describe('sign-up', () => {
  it('returns a session with GoTrue user and token shapes, and runs the auth.users trigger', async () => {
    const { email, session } = await signUpNew({ name: 'Ada Sign-up' });
    const user = session.user;
    expect(user.email).toBe(email);
    expect(user.phone).toBe('');
    expect(user.aud).toBe('authenticated');
    expect(user.role).toBe('authenticated');
    expect(user.is_anonymous).toBe(false);
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.user_metadata).toMatchObject({
      name: 'Ada Sign-up',
      email,
      email_verified: true,
      sub: user.id,
    });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(Object.values(user).includes(null)).toBe(false);
    expect(user).not.toHaveProperty('factors');
    expect(user).not.toHaveProperty('recovery_sent_at');
    expect(user.identities).toHaveLength(1);
    expect(user.identities?.[0]).toMatchObject({
      id: user.id,
      user_id: user.id,
      provider: 'email',
      email,
      identity_data: { sub: user.id, email, name: 'Ada Sign-up' },
    });
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);

    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: authUrl,
      sub: user.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

    const stored = await db.query(
      `select u.encrypted_password, s.id as session_id, p.name,
              (select count(*)::int from auth.refresh_tokens r
                where r.token = $2 and r.session_id = s.id and not r.revoked) as tokens
         from auth.users u
         join auth.sessions s on s.user_id = u.id
         join public.profiles p on p.id = u.id
        where u.id = $1`,
      [user.id, session.refresh_token],
    );
    expect(stored.rows).toEqual([
      {
        encrypted_password: expect.stringMatching(/^\$2[aby]\$10\$/),
        session_id: claims.session_id,
        name: 'Ada Sign-up',
        tokens: 1,
      },
    ]);
  });

  it('refuses an address that is already registered with 422 user_already_exists', async () => {
    const { email } = await signUpNew();
    const { data, error } = await anonClient().auth.signUp({ email, password: strongPassword });
    expect(data.session).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('names the reasons a password is too weak', async () => {
    const tooShort = await anonClient().auth.signUp({ email: uniqueEmail(), password: 'abc' });
    expect(isAuthWeakPasswordError(tooShort.error)).toBe(true);
    expect(tooShort.error?.status).toBe(422);
    expect(tooShort.error?.code).toBe('weak_password');
    expect(isAuthWeakPasswordError(tooShort.error) && tooShort.error.reasons).toEqual([
      'length',
      'characters',
    ]);
    expect(tooShort.error?.message).toContain('Password should be at least 8 characters.');

    const noUpperCase = await anonClient().auth.signUp({
      email: uniqueEmail(),
      password: 'lowercase123',
    });
    expect(isAuthWeakPasswordError(noUpperCase.error) && noUpperCase.error.reasons).toEqual([
      'characters',
    ]);
    expect(noUpperCase.error?.message).toBe(
      'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    );
  });

  it('answers 400 validation_failed for a bad address, a missing or an over-long password', async () => {
    const badAddress = await anonClient().auth.signUp({
      email: 'not-an-address',
      password: strongPassword,
    });
    expect(badAddress.error?.status).toBe(400);
    expect(badAddress.error?.code).toBe('validation_failed');

    const noPassword = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    });

    const tooLong = await anonClient().auth.signUp({
      email: uniqueEmail(),
      password: `Aa1${'x'.repeat(80)}`,
    });
    expect(tooLong.error?.status).toBe(400);
    expect(tooLong.error?.code).toBe('validation_failed');
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and refuses a wrong one or an unknown address', async () => {
    const { email, session: signUpSession } = await signUpNew();
    const { session } = await signIn(email);
    expect(session.user.id).toBe(signUpSession.user.id);
    expect(session.refresh_token).not.toBe(signUpSession.refresh_token);
    expect(decodeJwt(session.access_token).session_id).not.toBe(
      decodeJwt(signUpSession.access_token).session_id,
    );

    for (const attempt of [
      { email, password: 'WrongPassword1' },
      { email: uniqueEmail('nobody'), password: strongPassword },
    ]) {
      const { data, error } = await anonClient().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('answers errors in both the new and the legacy shape, with the API version header', async () => {
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('nobody'), password: 'Whatever123' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
      message: 'Invalid login credentials',
    });
  });

  it('answers 400 for an unknown grant type and JSON 404 for an unknown path', async () => {
    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
    expect((await grant.json()).code).toBe('validation_failed');
    const missing = await authFetch('/nowhere');
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('not_found');
  });
});

describe('auth.users rows GoTrue cannot read (NULL in a column it reads as a string)', () => {
  const stringColumns = [
    'confirmation_token',
    'email_change',
    'email_change_token_current',
    'email_change_token_new',
    'phone_change',
    'phone_change_token',
    'reauthentication_token',
    'recovery_token',
  ];

  /**
   * A confirmed account inserted with SQL, as a seed does: `nulls` left NULL and the other string
   * columns '', or 'omitted' for an insert that does not name them at all.
   */
  async function insertAccount(nulls: string[] | 'omitted') {
    const id = randomUUID();
    const email = uniqueEmail('seeded');
    const named = nulls === 'omitted' ? [] : stringColumns;
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
         email_confirmed_at, raw_app_meta_data, raw_user_meta_data${named.map((c) => `, ${c}`).join('')})
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
         extensions.crypt($3, extensions.gen_salt('bf', 4)), now(),
         '{"provider": "email", "providers": ["email"]}', '{}'${named
           .map((column) => (nulls !== 'omitted' && nulls.includes(column) ? ', null' : ", ''"))
           .join('')})`,
      [id, email, strongPassword],
    );
    return { id, email };
  }

  /** The status and body of a request, seen without supabase-js (which hides 5xx bodies). */
  async function answer(path: string, init: RequestInit) {
    const response = await authFetch(path, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const signInBody = (email: string, password = strongPassword) => ({
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });

  it('refuses the sign-in with 500 "Database error querying schema", as GoTrue; with \'\' it works', async () => {
    const { id, email } = await insertAccount(['confirmation_token']);
    for (const password of [strongPassword, 'WrongPassword1']) {
      expect(await answer('/token?grant_type=password', signInBody(email, password))).toEqual({
        status: 500,
        body: {
          code: 'unexpected_failure',
          error_code: 'unexpected_failure',
          msg: 'Database error querying schema',
          message: 'Database error querying schema',
        },
      });
    }
    const { data, error } = await anonClient().auth.signInWithPassword({
      email,
      password: strongPassword,
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(500);

    await db.query("update auth.users set confirmation_token = '' where id = $1", [id]);
    const { session } = await signIn(email);
    expect(session.user.id).toBe(id);
  });

  it('leaves the four columns without a default NULL when an insert does not name them, as hosted', async () => {
    const { id, email } = await insertAccount('omitted');
    const { rows } = await db.query<Record<string, string | null>>(
      `select ${stringColumns.join(', ')} from auth.users where id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({
      confirmation_token: null,
      email_change: null,
      email_change_token_current: '',
      email_change_token_new: null,
      phone_change: '',
      phone_change_token: '',
      reauthentication_token: '',
      recovery_token: null,
    });
    expect((await answer('/token?grant_type=password', signInBody(email))).status).toBe(500);
  });

  it('fails GET /user and a token refresh the same way once a column is NULL', async () => {
    const { id, email } = await insertAccount([]);
    const { session } = await signIn(email);
    await db.query('update auth.users set recovery_token = null where id = $1', [id]);

    const user = await answer('/user', {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(user).toMatchObject({
      status: 500,
      body: {
        code: 'unexpected_failure',
        msg: 'Unexpected failure, please check server logs for more information',
      },
    });
    const refreshed = await answer('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed).toMatchObject({
      status: 500,
      body: {
        code: 'unexpected_failure',
        msg: 'sql: Scan error on column "recovery_token": converting NULL to string is unsupported',
      },
    });
  });

  it('logs one line naming the NULL columns', async () => {
    const { id, email } = await insertAccount(['email_change', 'recovery_token']);
    const log = { info: vi.fn(), error: vi.fn() };
    const handler = createAuthService({
      pool: db,
      config: loadConfig({ supabaseDir: fixtureSupabaseDir }),
      mailer: { send: async () => ({ id: 'unused' }) },
      log,
    });
    const attempt = handler({
      method: 'POST',
      url: new URL('http://127.0.0.1/auth/v1/token?grant_type=password'),
      path: '/token',
      headers: {},
      bearer: LOCAL_ANON_KEY,
      body: Buffer.from(JSON.stringify({ email, password: strongPassword })),
      ip: '127.0.0.1',
    });
    await expect(attempt).rejects.toMatchObject({
      status: 500,
      body: { code: 'unexpected_failure', msg: 'Database error querying schema' },
    });
    expect(log.error).toHaveBeenCalledTimes(1);
    const [line, detail] = log.error.mock.calls[0] as [string, unknown];
    expect(detail).toBeUndefined();
    expect(line).not.toContain('\n');
    expect(line).toContain(
      `auth.users row ${id} (${email}) has NULL in email_change, recovery_token`,
    );
  });

  it("writes '' into every such column of the users it creates itself", async () => {
    const signedUp = await signUpNew();
    const magic = uniqueEmail('magic-strings');
    expect((await anonClient().auth.signInWithOtp({ email: magic })).error).toBeNull();
    const google = uniqueEmail('google-strings');
    const { response } = await consentToGoogle(googleAuthorizeUrl(siteUrl), google);
    expect(response.status).toBe(302);

    const { rows } = await db.query<{ email: string; columns: (string | null)[] }>(
      `select email, array[${stringColumns.join(', ')}] as columns
         from auth.users where email = any($1) order by email`,
      [[signedUp.email, magic, google]],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      // The magic link's token is the one column that holds something.
      const expected = stringColumns.map((column) =>
        row.email === magic && column === 'recovery_token' ? expect.any(String) : '',
      );
      expect(row.columns, row.email).toEqual(expected);
    }
    expect(rows.find((row) => row.email === magic)?.columns.at(-1)).not.toBe('');
  });
});

describe('the signed-in user', () => {
  it('getUser answers the user behind the access token', async () => {
    const { client, session } = await signUpNew({ name: 'Gus Getter' });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toEqual(
      expect.objectContaining({ id: session.user.id, email: session.user.email }),
    );
    expect(data.user?.user_metadata.name).toBe('Gus Getter');
  });

  it('updateUser merges data into user_metadata; null removes a key', async () => {
    const { client } = await signUpNew({ name: 'Mia Merge', color: 'blue' });
    const { data, error } = await client.auth.updateUser({ data: { color: null, city: 'Oslo' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ name: 'Mia Merge', city: 'Oslo' });
    expect(data.user?.user_metadata).not.toHaveProperty('color');
    const { data: reread } = await client.auth.getUser();
    expect(reread.user?.user_metadata).toEqual(data.user?.user_metadata);
  });

  it('a new password works at once and signs the user out everywhere else', async () => {
    const { client, email } = await signUpNew();
    const elsewhere = await signIn(email);
    const newPassword = 'Another456';

    const { error } = await client.auth.updateUser({ password: newPassword });
    expect(error).toBeNull();

    const otherRefresh = await refreshWith(elsewhere.session.refresh_token);
    expect(otherRefresh.error?.code).toBe('refresh_token_not_found');
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await client.auth.refreshSession()).error).toBeNull();

    const old = await anonClient().auth.signInWithPassword({ email, password: strongPassword });
    expect(old.error?.code).toBe('invalid_credentials');
    await signIn(email, newPassword);
  });

  it('refuses the same password (same_password) and a weak one (weak_password)', async () => {
    const { client } = await signUpNew();
    const same = await client.auth.updateUser({ password: strongPassword });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');

    const weak = await client.auth.updateUser({ password: 'weak' });
    expect(weak.error?.status).toBe(422);
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
  });

  it('answers a clear 422 for an e-mail change, which is not supported', async () => {
    const { client } = await signUpNew();
    const { error } = await client.auth.updateUser({ email: uniqueEmail('changed') });
    expect(error?.status).toBe(422);
    expect(error?.message).toMatch(/not supported/);
  });

  it('answers 422 mfa_totp_enroll_not_enabled to an MFA enrolment', async () => {
    const { client } = await signUpNew();
    const { error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('mfa_totp_enroll_not_enabled');
  });
});

describe('access tokens the server does not accept', () => {
  it('401 no_authorization without any bearer token', async () => {
    const response = await fetch(`${authUrl}/user`);
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('no_authorization');
  });

  it('403 bad_jwt for a forged, an expired or a subject-less token', async () => {
    const { session } = await signUpNew();
    const claims = decodeJwt(session.access_token);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt({ ...claims, iat: now - 7200, exp: now - 3600 });

    for (const token of [forged, expired, LOCAL_ANON_KEY]) {
      const { data, error } = await anonClient().auth.getUser(token);
      expect(data.user).toBeNull();
      expect(error?.status).toBe(403);
      expect(error?.code).toBe('bad_jwt');
    }
    const expiredAnswer = await anonClient().auth.getUser(expired);
    expect(expiredAnswer.error?.message).toMatch(/expired/);
  });

  it('403 user_not_found once the user is deleted', async () => {
    const { session } = await signUpNew();
    await db.query('delete from auth.users where id = $1', [session.user.id]);
    const { error } = await anonClient().auth.getUser(session.access_token);
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('user_not_found');
  });
});

describe('refresh tokens', () => {
  it('rotate, tolerate a retry within the reuse interval and detect reuse after it', async () => {
    const { client, session } = await signUpNew();
    const first = session.refresh_token;

    const rotated = await client.auth.refreshSession();
    expect(rotated.error).toBeNull();
    const second = rotated.data.session?.refresh_token as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(rotated.data.session?.user.id).toBe(session.user.id);
    expect(decodeJwt(rotated.data.session?.access_token as string).session_id).toBe(
      decodeJwt(session.access_token).session_id,
    );

    // A client that lost the answer retries with the old token: it gets the current pair.
    const retry = await refreshWith(first);
    expect(retry.error).toBeNull();
    expect(retry.data.session?.refresh_token).toBe(second);

    // Past refresh_token_reuse_interval (10 s) the old token counts as stolen.
    await db.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1",
      [first],
    );
    const reuse = await refreshWith(first);
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');

    const familyRevoked = await refreshWith(second);
    expect(familyRevoked.error?.code).toBe('refresh_token_already_used');
  });

  it('answers 400 refresh_token_not_found to an unknown token', async () => {
    const { error } = await refreshWith('no-such-refresh-token');
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });
});

describe('sign-out', () => {
  it('local ends this session only; others ends the rest; global ends them all', async () => {
    const { email } = await signUpNew();
    const main = await signIn(email);
    const local = await signIn(email);
    const other = await signIn(email);

    expect((await local.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await refreshWith(local.session.refresh_token)).error?.code).toBe(
      'refresh_token_not_found',
    );
    expect((await refreshWith(other.session.refresh_token)).error).toBeNull();

    expect((await main.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    const { data: stillSignedIn } = await main.client.auth.getSession();
    expect(stillSignedIn.session).not.toBeNull();
    expect((await main.client.auth.getUser()).error).toBeNull();

    const latecomer = await signIn(email);
    const mainToken = stillSignedIn.session?.access_token as string;
    expect((await main.client.auth.signOut()).error).toBeNull();
    expect((await refreshWith(latecomer.session.refresh_token)).error?.code).toBe(
      'refresh_token_not_found',
    );
    const afterGlobal = await anonClient().auth.getUser(mainToken);
    expect(isAuthSessionMissingError(afterGlobal.error)).toBe(true);
  });

  it('answers 204 to a logout and 400 to an unknown scope', async () => {
    const { session } = await signUpNew();
    const headers = { Authorization: `Bearer ${session.access_token}` };
    const invalid = await authFetch('/logout?scope=everything', { method: 'POST', headers });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).code).toBe('validation_failed');
    const done = await authFetch('/logout?scope=local', { method: 'POST', headers });
    expect(done.status).toBe(204);
    expect(await done.text()).toBe('');
  });
});

describe('password recovery', () => {
  it('e-mails a link that redirects with a recovery session', async () => {
    const { email, session: original } = await signUpNew();
    const mail = await requestRecovery(email);
    const link = verifyLinkIn(mail);
    const linkUrl = new URL(link);
    expect(`${linkUrl.origin}${linkUrl.pathname}`).toBe(`${authUrl}/verify`);
    expect(linkUrl.searchParams.get('type')).toBe('recovery');
    expect(linkUrl.searchParams.get('redirect_to')).toBe(`${siteUrl}/change-password`);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);

    const response = await followLink(link);
    expect(response.status).toBe(303);
    const location = response.headers.get('location') as string;
    expect(location.startsWith(`${siteUrl}/change-password#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(decodeJwt(fragment.get('access_token') as string).amr).toEqual([
      { method: 'recovery', timestamp: expect.any(Number) },
    ]);

    const recovering = anonClient();
    const { data, error } = await recovering.auth.setSession({
      access_token: fragment.get('access_token') as string,
      refresh_token: fragment.get('refresh_token') as string,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(original.user.id);
    expect((await recovering.auth.updateUser({ password: 'Recovered789' })).error).toBeNull();
    await signIn(email, 'Recovered789');

    const again = await followLink(link);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(
      `${siteUrl}/change-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
    );
  });

  it('refuses an expired link with the otp_expired error fragment', async () => {
    const { email } = await signUpNew();
    const link = verifyLinkIn(await requestRecovery(email));
    await db.query(
      "update auth.one_time_tokens set created_at = created_at - interval '2 hours' where relates_to = $1",
      [email],
    );
    const response = await followLink(link);
    expect(response.status).toBe(303);
    const fragment = fragmentOf(response.headers.get('location') as string);
    expect(Object.fromEntries(fragment)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('verifies the e-mailed code (verifyOtp with email and token) once', async () => {
    const { email } = await signUpNew();
    const code = codeIn(await requestRecovery(email));
    const client = anonClient();
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);

    const reused = await anonClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(reused.error?.status).toBe(403);
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('verifies a token hash (verifyOtp with token_hash)', async () => {
    const { email } = await signUpNew();
    const link = new URL(verifyLinkIn(await requestRecovery(email)));
    const { data, error } = await anonClient().auth.verifyOtp({
      token_hash: link.searchParams.get('token') as string,
      type: 'recovery',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('answers 200 for an unknown address and falls back to site_url for a foreign redirect', async () => {
    const unknown = await anonClient().auth.resetPasswordForEmail(uniqueEmail('nobody'));
    expect(unknown.error).toBeNull();
    expect(unknown.data).toEqual({});

    const { email } = await signUpNew();
    const link = new URL(verifyLinkIn(await requestRecovery(email, 'https://evil.example.com/')));
    expect(link.searchParams.get('redirect_to')).toBe(siteUrl);
  });

  it('under PKCE, the link redirects with a code that exchangeCodeForSession turns into a session', async () => {
    const { email } = await signUpNew();
    const client = pkceClient();
    const link = verifyLinkIn(await requestRecovery(email, `${siteUrl}/change-password`, client));
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const response = await followLink(link);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') as string);
    const code = location.searchParams.get('code') as string;
    expect(code).toBeTruthy();

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);

    const replay = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(replay.status).toBe(404);
    expect((await replay.json()).code).toBe('flow_state_not_found');
  });
});

describe('magic links (signInWithOtp)', () => {
  it('creates the account on first use and signs it in through the e-mailed link', async () => {
    const email = uniqueEmail('magic');
    const { error } = await anonClient().auth.signInWithOtp({
      email,
      options: { data: { name: 'Max Magic' }, emailRedirectTo: `${siteUrl}/welcome` },
    });
    expect(error).toBeNull();
    const link = verifyLinkIn(await waitForMail(email, 'Your Magic Link'));
    const response = await followLink(link);
    expect(response.status).toBe(303);
    const location = response.headers.get('location') as string;
    expect(location.startsWith(`${siteUrl}/welcome#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('magiclink');

    const { data } = await anonClient().auth.getUser(fragment.get('access_token') as string);
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const profile = await db.query('select name from public.profiles where id = $1', [
      data.user?.id,
    ]);
    expect(profile.rows).toEqual([{ name: 'Max Magic' }]);
  });

  it('refuses an unknown address when shouldCreateUser is false', async () => {
    const { error } = await anonClient().auth.signInWithOtp({
      email: uniqueEmail('nobody'),
      options: { shouldCreateUser: false },
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
  });
});

describe('Google sign-in (local consent page)', () => {
  it('creates the account with a google identity and redirects with an implicit-flow session', async () => {
    const email = uniqueEmail('google');
    const { page, response } = await consentToGoogle(
      googleAuthorizeUrl(`${siteUrl}/after-login`),
      email,
      'Gia Google',
    );
    expect(page).toContain('<form method="post"');
    expect(response.status).toBe(302);
    const location = response.headers.get('location') as string;
    expect(location.startsWith(`${siteUrl}/after-login#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'provider_token',
      'refresh_token',
      'sb',
      'token_type',
    ]);
    expect(fragment.get('provider_token')).toBe('local');
    expect(decodeJwt(fragment.get('access_token') as string).amr).toEqual([
      { method: 'oauth', timestamp: expect.any(Number) },
    ]);

    const client = anonClient();
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token') as string,
      refresh_token: fragment.get('refresh_token') as string,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['google']);
    expect(data.user?.user_metadata).toMatchObject({ name: 'Gia Google', email_verified: true });
    expect((await client.auth.refreshSession()).error).toBeNull();

    const profile = await db.query('select name from public.profiles where id = $1', [
      data.user?.id,
    ]);
    expect(profile.rows).toEqual([{ name: 'Gia Google' }]);
  });

  it('offers existing accounts and links a google identity to the one picked', async () => {
    const { email, session } = await signUpNew({ name: 'Pat Picked' });
    const { page, response } = await consentToGoogle(googleAuthorizeUrl(siteUrl), email);
    expect(page).toContain(email);
    expect(response.status).toBe(302);
    const fragment = fragmentOf(response.headers.get('location') as string);
    const { data } = await anonClient().auth.getUser(fragment.get('access_token') as string);
    expect(data.user?.id).toBe(session.user.id);
    expect(data.user?.app_metadata.providers).toEqual(['email', 'google']);
    expect(data.user?.identities?.map((identity) => identity.provider).sort()).toEqual([
      'email',
      'google',
    ]);
  });

  it('honours allowed redirects only (globs, loopback ports), else site_url', async () => {
    const email = uniqueEmail('google');
    const cases: [string, string][] = [
      ['http://localhost:4173/deep/path?x=1', 'http://localhost:4173/deep/path?x=1#'],
      ['http://localhost:9999/other-port', 'http://localhost:9999/other-port#'],
      ['https://evil.example.com/steal', `${siteUrl}/#`],
      ['not a url', `${siteUrl}/#`],
    ];
    for (const [requested, expected] of cases) {
      const { response } = await consentToGoogle(googleAuthorizeUrl(requested), email);
      expect(response.headers.get('location')?.startsWith(expected)).toBe(true);
    }
  });

  it('under PKCE, redirects with a code for exchangeCodeForSession', async () => {
    const client = pkceClient();
    const { data: oauth } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${siteUrl}/callback`, skipBrowserRedirect: true },
    });
    const email = uniqueEmail('google-pkce');
    const { response } = await consentToGoogle(oauth.url as string, email);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${siteUrl}/callback`);
    const code = location.searchParams.get('code') as string;

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.session?.provider_token).toBe('local');
  });

  it('answers 400 validation_failed for a provider that is not enabled', async () => {
    const response = await authFetch('/authorize?provider=github');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
  });

  it('refuses a consent form with a forged state', async () => {
    const response = await fetch(`${authUrl}/authorize/google`, {
      method: 'POST',
      body: new URLSearchParams({ state: 'forged.state', email: uniqueEmail() }),
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('bad_oauth_state');
  });
});

describe('settings and health', () => {
  it('GET /settings describes the enabled sign-in methods', async () => {
    const response = await authFetch('/settings');
    expect(response.status).toBe(200);
    const settings = await response.json();
    expect(settings).toMatchObject({
      external: { email: true, google: true, phone: false, github: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      saml_enabled: false,
    });
    expect(typeof settings.sms_provider).toBe('string');
  });

  it('GET /.well-known/jwks.json lists no keys (tokens are HS256)', async () => {
    const response = await authFetch('/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ keys: [] });
  });

  it('GET /health answers 200', async () => {
    const response = await authFetch('/health');
    expect(response.status).toBe(200);
    expect((await response.json()).name).toBe('GoTrue');
  });
});

describe('e-mail confirmations on (own backend, as hosted projects default)', () => {
  let hosted: TestBackend;
  beforeAll(async () => {
    hosted = await startTestBackend({ enableConfirmations: true });
  });
  afterAll(() => hosted?.stop());

  it('turns confirmations on over config.toml, as /settings reports', async () => {
    expect(hosted.backend.config.auth.enableConfirmations).toBe(true);
    const response = await fetch(`${hosted.url}/auth/v1/settings`, {
      headers: { apikey: LOCAL_ANON_KEY },
    });
    expect((await response.json()).mailer_autoconfirm).toBe(false);
  });

  it('refuses a password sign-in before the address is confirmed, as GoTrue words it', async () => {
    const email = uniqueEmail('unconfirmed');
    expect(
      (await hosted.anonClient().auth.signUp({ email, password: strongPassword })).error,
    ).toBeNull();
    const response = await fetch(`${hosted.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_ANON_KEY,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ email, password: strongPassword }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'email_not_confirmed',
      msg: 'Email not confirmed',
    });
  });

  it('signUp answers the user only; the e-mailed link confirms and signs in', async () => {
    const email = uniqueEmail('confirm');
    const client = hosted.anonClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: strongPassword,
      options: { emailRedirectTo: `${siteUrl}/confirmed` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user).not.toHaveProperty('email_confirmed_at');
    expect(data.user?.identities).toHaveLength(1);

    const early = await hosted.anonClient().auth.signInWithPassword({
      email,
      password: strongPassword,
    });
    expect(early.error?.status).toBe(400);
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.message).toBe('Email not confirmed');

    const mail = await waitForMail(email, 'Confirm Your Signup', { mailbox: hosted.mailboxUrl });
    const link = verifyLinkIn(mail);
    expect(link.startsWith(`${hosted.url}/auth/v1/verify?`)).toBe(true);
    const response = await followLink(link);
    expect(response.status).toBe(303);
    const location = response.headers.get('location') as string;
    expect(location.startsWith(`${siteUrl}/confirmed#`)).toBe(true);
    expect(fragmentOf(location).get('type')).toBe('signup');
    expect(fragmentOf(location).get('access_token')).toBeTruthy();
    const confirmed = await queryOn(
      hosted,
      'select email_confirmed_at is not null as confirmed from auth.users where email = $1',
      [email],
    );
    expect(confirmed).toEqual([{ confirmed: true }]);

    const signedIn = await hosted.anonClient().auth.signInWithPassword({
      email,
      password: strongPassword,
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email_confirmed_at).toBeTruthy();

    // A second sign-up must not reveal that the address has an account.
    const again = await hosted.anonClient().auth.signUp({ email, password: strongPassword });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    expect(again.data.user?.id).not.toBe(signedIn.data.user?.id);
  });

  it('resend sends the confirmation e-mail again', async () => {
    const email = uniqueEmail('resend');
    const client = hosted.anonClient();
    expect((await client.auth.signUp({ email, password: strongPassword })).error).toBeNull();
    const first = await waitForMail(email, 'Confirm Your Signup', { mailbox: hosted.mailboxUrl });
    const resentAt = Date.now() - 1000;
    expect((await client.auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await waitForMail(email, 'Confirm Your Signup', {
      mailbox: hosted.mailboxUrl,
      after: resentAt,
    });
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: codeIn(second),
      type: 'signup',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    // The first e-mail's code was replaced by the second.
    const stale = await hosted.anonClient().auth.verifyOtp({
      email,
      token: codeIn(first),
      type: 'email',
    });
    expect(stale.error?.code).toBe('otp_expired');
  });
});

describe('rate limits (own backend with config.toml limits)', () => {
  let strict: TestBackend;
  beforeAll(async () => {
    strict = await startTestBackend({ rateLimits: 'strict' });
  });
  afterAll(() => strict?.stop());

  it('answers 429 over_email_send_rate_limit past email_sent per hour', async () => {
    const limit = strict.backend.config.auth.rateLimits.email_sent;
    const email = uniqueEmail('limited');
    const client = strict.anonClient();
    expect((await client.auth.signUp({ email, password: strongPassword })).error).toBeNull();
    for (let sent = 0; sent < limit; sent += 1) {
      expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    }
    const { error } = await client.auth.resetPasswordForEmail(email);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
  });

  it('answers 429 over_request_rate_limit with Retry-After past sign_in_sign_ups', async () => {
    const limit = strict.backend.config.auth.rateLimits.sign_in_sign_ups;
    // The sign-up of the previous test used one attempt of this address's allowance.
    const allowed = limit - 1;
    const attempt = () =>
      fetch(`${strict.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('limited'), password: 'Wrong12345' }),
      });
    for (let tried = 0; tried < allowed; tried += 1) {
      expect((await attempt()).status).toBe(400);
    }
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'over_request_rate_limit' });

    const viaClient = await strict
      .anonClient()
      .auth.signInWithPassword({ email: uniqueEmail(), password: strongPassword });
    expect(viaClient.error?.status).toBe(429);
    expect(viaClient.error?.code).toBe('over_request_rate_limit');
  });
});
