import { isAuthSessionMissingError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { authFetch, refreshWith, signIn, signUpNew } from './auth-support';
import { anonClient, database, strongPassword, uniqueEmail } from './shared';

const db = database();
afterAll(() => db.end());

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
    expect(await grant.json()).toMatchObject({ code: 'validation_failed' });
    const missing = await authFetch('/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
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

  it('take turns when refreshed at once: one rotates, the others get its new token', async () => {
    const { session } = await signUpNew();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refreshWith(session.refresh_token)),
    );
    for (const answer of answers) expect(answer.error).toBeNull();
    const issued = new Set(answers.map((answer) => answer.data.session?.refresh_token));
    expect(issued.size).toBe(1);
    expect(issued.has(session.refresh_token)).toBe(false);
    const { rows } = await db.query<{ token: string; revoked: boolean }>(
      `select token, revoked from auth.refresh_tokens
        where session_id = (select session_id from auth.refresh_tokens where token = $1)
        order by id`,
      [session.refresh_token],
    );
    expect(rows).toEqual([
      { token: session.refresh_token, revoked: true },
      { token: [...issued][0], revoked: false },
    ]);
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
    expect(await invalid.json()).toMatchObject({ code: 'validation_failed' });
    const done = await authFetch('/logout?scope=local', { method: 'POST', headers });
    expect(done.status).toBe(204);
    expect(await done.text()).toBe('');
  });
});
