import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { authFetch, authUrl, signUpNew } from './auth-support';
import { anonClient, database, strongPassword, uniqueEmail } from './shared';

const db = database();
afterAll(() => db.end());

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
