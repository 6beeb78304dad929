import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import {
  authFetch,
  authUrl,
  codeIn,
  followLink,
  fragmentOf,
  pkceClient,
  requestRecovery,
  signIn,
  signUpNew,
  siteUrl,
  verifyLinkIn,
  waitForMail,
} from './auth-support';
import { anonClient, database, uniqueEmail } from './shared';

const db = database();
afterAll(() => db.end());

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
    expect(await replay.json()).toMatchObject({ code: 'flow_state_not_found' });
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
