import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createAuthService } from '../src/auth/service';
import { loadConfig } from '../src/config';
import { LOCAL_ANON_KEY } from '../src/keys';
import { fixtureSupabaseDir } from '../src/testing';
import {
  authFetch,
  consentToGoogle,
  googleAuthorizeUrl,
  signIn,
  signUpNew,
  siteUrl,
} from './auth-support';
import { anonClient, database, strongPassword, uniqueEmail } from './shared';

const db = database();
afterAll(() => db.end());

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
