import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt';
import { LOCAL_ANON_KEY } from '../src/keys';
import { authUrl, refreshWith, signIn, signUpNew } from './auth-support';
import { anonClient, database, strongPassword, uniqueEmail } from './shared';

const db = database();
afterAll(() => db.end());

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
    expect(await response.json()).toMatchObject({ code: 'no_authorization' });
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
