import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../src/testing';
import { queryOn } from './auth-support';
import { startConfiguredBackend } from './auth-configured-backend';
import { defined } from './defined';
import { anonClient, strongPassword, uniqueEmail } from './shared';

describe('anonymous sign-ins, off (the CLI default)', () => {
  it('answers 422 anonymous_provider_disabled "Anonymous sign-ins are disabled"', async () => {
    const { data, error } = await anonClient().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('anonymous_provider_disabled');
    expect(error?.message).toBe('Anonymous sign-ins are disabled');
  });

  it('unlinking an identity answers 404 manual_linking_disabled', async () => {
    const client = anonClient();
    const email = uniqueEmail('no-linking');
    expect((await client.auth.signUp({ email, password: strongPassword })).error).toBeNull();
    const { data } = await client.auth.getUserIdentities();
    const identity = data?.identities[0];
    expect(identity).toBeDefined();
    const { error } = await client.auth.unlinkIdentity(defined(identity));
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('manual_linking_disabled');
    expect(error?.message).toBe('Manual linking is disabled');
  });
});

describe('anonymous sign-ins and identity unlinking, on (own backend)', () => {
  let instance: TestBackend;
  beforeAll(async () => {
    instance = await startConfiguredBackend({
      auth: ['enable_anonymous_sign_ins = true', 'enable_manual_linking = true'],
    });
  });
  afterAll(() => instance?.stop());

  it('signInAnonymously answers a session whose token and user say is_anonymous', async () => {
    const client = instance.anonClient();
    const { data, error } = await client.auth.signInAnonymously({
      options: { data: { theme: 'dark' } },
    });
    expect(error).toBeNull();
    const user = defined(data.user);
    expect(user.is_anonymous).toBe(true);
    expect(user.email).toBe('');
    expect(user.role).toBe('authenticated');
    expect(user.identities).toEqual([]);
    expect(user.app_metadata).toEqual({});
    expect(user.user_metadata).toEqual({ theme: 'dark' });
    const claims = decodeJwt(defined(data.session).access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: user.id });
    expect((claims.amr as { method: string }[])[0]?.method).toBe('anonymous');

    const settings = (await (await fetch(`${instance.url}/auth/v1/settings`)).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external.anonymous_users).toBe(true);
  });

  it('an anonymous user cannot set a password alone; adding an e-mail makes it permanent', async () => {
    const client = instance.anonClient();
    const { data } = await client.auth.signInAnonymously();
    const id = defined(data.user).id;

    const passwordOnly = await client.auth.updateUser({ password: 'Another456' });
    expect(passwordOnly.error?.status).toBe(422);
    expect(passwordOnly.error?.message).toBe(
      'Updating password of an anonymous user without an email or phone is not allowed',
    );

    const email = uniqueEmail('converted');
    const converted = await client.auth.updateUser({ email });
    expect(converted.error).toBeNull();
    expect(converted.data.user).toMatchObject({ id, email, is_anonymous: false });
    expect(converted.data.user?.email_confirmed_at).toBeTruthy();
    expect(converted.data.user?.identities?.map((each) => each.provider)).toEqual(['email']);
    expect(converted.data.user?.app_metadata).toMatchObject({
      provider: 'email',
      providers: ['email'],
    });

    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(defined(refreshed.data.session).access_token).is_anonymous).toBe(false);
    expect((await client.auth.updateUser({ password: strongPassword })).error).toBeNull();
    const signedIn = await instance
      .anonClient()
      .auth.signInWithPassword({ email, password: strongPassword });
    expect(signedIn.data.user?.id).toBe(id);
  });

  it('unlinkIdentity removes one identity and refuses the last (single_identity_not_deletable)', async () => {
    const client = instance.anonClient();
    const email = uniqueEmail('two-identities');
    const signedUp = await client.auth.signUp({ email, password: strongPassword });
    const userId = defined(signedUp.data.user).id;
    await queryOn(
      instance,
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
         created_at, updated_at)
       values ('google-subject-1', $1, $2, 'google', now(), now(), now())`,
      [userId, { sub: 'google-subject-1', email, email_verified: true }],
    );
    await queryOn(
      instance,
      `update auth.users set raw_app_meta_data = raw_app_meta_data
         || '{"providers": ["email", "google"]}' where id = $1`,
      [userId],
    );

    const { data } = await client.auth.getUserIdentities();
    expect(data?.identities.map((each) => each.provider)).toEqual(['email', 'google']);
    const google = defined(defined(data).identities.find((each) => each.provider === 'google'));
    expect((await client.auth.unlinkIdentity(google)).error).toBeNull();

    const { data: after } = await client.auth.getUser();
    expect(after.user?.identities?.map((each) => each.provider)).toEqual(['email']);
    expect(after.user?.app_metadata.providers).toEqual(['email']);
    expect(after.user?.email).toBe(email);

    const last = await client.auth.unlinkIdentity(
      defined(defined(defined(after.user).identities)[0], 'the remaining identity'),
    );
    expect(last.error?.status).toBe(422);
    expect(last.error?.code).toBe('single_identity_not_deletable');
    expect(last.error?.message).toBe('User must have at least 1 identity after unlinking');
  });
});
