import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import {
  authFetch,
  authUrl,
  consentToGoogle,
  fragmentOf,
  googleAuthorizeUrl,
  pkceClient,
  signUpNew,
  siteUrl,
} from './auth-support';
import { anonClient, database, uniqueEmail } from './shared';

const db = database();
afterAll(() => db.end());

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
    expect(await response.json()).toMatchObject({ code: 'bad_oauth_state' });
  });
});
