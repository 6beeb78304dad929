import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthService } from '../src/auth/service';
import { loadConfig } from '../src/config';
import type { ApiRequest, ServiceHandler } from '../src/http/types';
import { fixtureSupabaseDir } from '../src/testing';
import { authFetch, signUpNew } from './auth-support';
import { backendUrl, database, dbUrl, strongPassword } from './shared';

/**
 * Every statement the auth service sends is a round trip to Postgres, and under load the sign-ins'
 * round trips hold the pool's connections that REST requests wait for (`npm run bench:backend`
 * measures REST beside sign-ins). The auth service runs here in the test process on a pool of its
 * own over the shared database, so its statements can be counted and nothing else is among them.
 * Connections are set up once per pooled client, not per request, so they are not counted.
 */
const statements: string[] = [];
const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
pool.on('connect', (client) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [first] = args;
    statements.push(
      (typeof first === 'string' ? first : String((first as { text?: unknown }).text))
        .replace(/\s+/g, ' ')
        .trim(),
    );
    return query(...args);
  }) as typeof client.query;
});
const db = database();
afterAll(() => Promise.all([pool.end(), db.end()]));

const config = loadConfig({
  supabaseDir: fixtureSupabaseDir,
  apiPort: Number(new URL(backendUrl).port),
  rateLimits: {
    email_sent: 100_000,
    sign_in_sign_ups: 100_000,
    token_refresh: 100_000,
    token_verifications: 100_000,
  },
});
const auth: ServiceHandler = createAuthService({
  pool,
  config,
  mailer: { send: () => Promise.reject(new Error('these tests send no mail')) },
  log: { info: () => undefined, error: () => undefined },
});

function post(pathAndQuery: string, body: Record<string, unknown>): ApiRequest {
  const url = new URL(`${backendUrl}/auth/v1${pathAndQuery}`);
  return {
    method: 'POST',
    url,
    path: url.pathname.slice('/auth/v1'.length),
    headers: { 'content-type': 'application/json', 'user-agent': 'round-trip-counter' },
    bearer: undefined,
    body: Buffer.from(JSON.stringify(body)),
    ip: '127.0.0.1',
  };
}

interface Session {
  access_token: string;
  refresh_token: string;
  user: Record<string, unknown>;
}

async function call(request: ApiRequest): Promise<Session> {
  const response = await auth(request);
  expect(response.status).toBe(200);
  return response.body as Session;
}

/** The user as GET /user answers it now, through the shared backend. */
async function currentUser(session: Session): Promise<unknown> {
  const response = await authFetch('/user', {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

beforeEach(() => {
  statements.length = 0;
});

describe('database round trips', () => {
  it('a password sign-in takes two: the user, then one statement for the whole session', async () => {
    const { email, session: signedUp } = await signUpNew();
    // Another identity (whose sign-in time the password sign-in leaves alone) and a factor, so the
    // answer's lists come from both sides of the statement.
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
         created_at, updated_at)
       values ($1, $2, $3, 'google', now() - interval '1 day', now(), now())`,
      [
        `google-${signedUp.user.id}`,
        signedUp.user.id,
        { sub: `google-${signedUp.user.id}`, email },
      ],
    );
    await db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
         updated_at, secret)
       values ($1, $2, 'phone app', 'totp', 'unverified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [crypto.randomUUID(), signedUp.user.id],
    );
    // The first check of a password pays bcrypt and the second is remembered; neither touches the
    // database, so both sign-ins must take the same statements.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      statements.length = 0;
      const session = await call(
        post('/token?grant_type=password', { email, password: strongPassword }),
      );
      expect(statements, statements.join('\n')).toHaveLength(2);
      expect(session.user).toEqual(await currentUser(session));
      expect(session.user).toMatchObject({
        identities: [{ provider: 'email' }, { provider: 'google' }],
        factors: [{ friendly_name: 'phone app', status: 'unverified' }],
      });
    }
  });

  it('a refresh takes five: the session locked, the token and user read, one write, the commit', async () => {
    const { session: signedUp } = await signUpNew();
    const session = await call(
      post('/token?grant_type=refresh_token', { refresh_token: signedUp.refresh_token }),
    );
    expect(statements, statements.join('\n')).toHaveLength(5);
    expect(statements[0]).toBe('begin');
    expect(statements.at(-1)).toBe('commit');
    expect(session.user).toEqual(await currentUser(session));
  });
});
