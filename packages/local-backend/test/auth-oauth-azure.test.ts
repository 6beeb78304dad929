import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../src/testing';
import {
  authFetch,
  authorizeUrl,
  consentTo,
  fragmentOf,
  pkceClient,
  signUpNew,
  siteUrl,
} from './auth-support';
import { startConfiguredBackend } from './auth-configured-backend';
import { anonClient, strongPassword, uniqueEmail } from './shared';

const azureAuthorizeUrl = (redirectTo: string, base?: string) =>
  authorizeUrl('azure', redirectTo, base);

async function signedInUser(location: string) {
  const fragment = fragmentOf(location);
  const { data, error } = await anonClient().auth.getUser(fragment.get('access_token') as string);
  expect(error).toBeNull();
  return data.user;
}

describe('Microsoft sign-in (local consent page)', () => {
  it('says it stands in for Microsoft and offers Cancel', async () => {
    const response = await fetch(azureAuthorizeUrl(siteUrl));
    const page = await response.text();
    expect(page).toContain('<title>Sign in with Microsoft (local)</title>');
    expect(page).toContain('Local stand-in for Microsoft');
    expect(page).toContain('name="domain_verified"');
    expect(page).toContain('name="cancel"');
  });

  it('creates the account with an azure identity as GoTrue stores one', async () => {
    const email = uniqueEmail('azure');
    const { response } = await consentTo('azure', azureAuthorizeUrl(`${siteUrl}/login`), {
      email,
      name: 'Mo Microsoft',
      domain_verified: 'on',
    });
    expect(response.status).toBe(302);
    const location = response.headers.get('location') as string;
    expect(location.startsWith(`${siteUrl}/login#access_token=`)).toBe(true);
    expect(fragmentOf(location).get('provider_token')).toBe('local');
    const user = await signedInUser(location);
    expect(user?.email).toBe(email);
    expect(user?.app_metadata).toEqual({ provider: 'azure', providers: ['azure'] });
    const identity = user?.identities?.[0];
    expect(user?.identities?.map((each) => each.provider)).toEqual(['azure']);
    const data = identity?.identity_data ?? {};
    expect(data.iss).toMatch(/^https:\/\/login\.microsoftonline\.com\/[0-9a-f-]{36}\/v2\.0$/);
    expect(data.sub).toMatch(/^[\w-]{43}$/);
    expect(data).toMatchObject({
      email,
      email_verified: true,
      full_name: 'Mo Microsoft',
      preferred_username: email,
      provider_id: data.sub,
      custom_claims: { email, xms_edov: true },
    });
    expect(user?.user_metadata).toMatchObject({ full_name: 'Mo Microsoft', email_verified: true });

    // The same Microsoft account again is the same user and identity.
    const again = await consentTo('azure', azureAuthorizeUrl(siteUrl), { email });
    expect((await signedInUser(again.response.headers.get('location') as string))?.id).toBe(
      user?.id,
    );
  });

  it('links to the account that has the address', async () => {
    const { email, session } = await signUpNew({ name: 'Pat Password' });
    const { response } = await consentTo('azure', azureAuthorizeUrl(siteUrl), {
      email,
      domain_verified: 'on',
    });
    const user = await signedInUser(response.headers.get('location') as string);
    expect(user?.id).toBe(session.user.id);
    expect(user?.app_metadata.providers).toEqual(['email', 'azure']);
    expect(user?.identities?.map((identity) => identity.provider).sort()).toEqual([
      'azure',
      'email',
    ]);
  });

  it('links an address Microsoft does not vouch for while confirmations are off (autoconfirm)', async () => {
    const { email, session } = await signUpNew();
    const { response } = await consentTo('azure', azureAuthorizeUrl(siteUrl), { email });
    expect((await signedInUser(response.headers.get('location') as string))?.id).toBe(
      session.user.id,
    );
  });

  it('Cancel returns to the app with access_denied, as GoTrue forwards the refusal', async () => {
    const { response } = await consentTo('azure', azureAuthorizeUrl(`${siteUrl}/login?x=1`), {
      cancel: '1',
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${siteUrl}/login`);
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('error')).toBe('access_denied');
    const description = 'AADSTS65004: User declined to consent to access the app.';
    expect(location.searchParams.get('error_description')).toBe(description);
    expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
      error: 'access_denied',
      error_description: description,
      sb: '',
    });
  });

  it('Cancel on Google returns access_denied alone, as Google sends it', async () => {
    const { response } = await consentTo('google', authorizeUrl('google', `${siteUrl}/login`), {
      cancel: '1',
    });
    const location = new URL(response.headers.get('location') as string);
    expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
      error: 'access_denied',
      sb: '',
    });
  });

  it('under PKCE, redirects with a code for exchangeCodeForSession', async () => {
    const client = pkceClient();
    const { data: oauth } = await client.auth.signInWithOAuth({
      provider: 'azure',
      options: { redirectTo: `${siteUrl}/callback`, skipBrowserRedirect: true, scopes: 'email' },
    });
    const email = uniqueEmail('azure-pkce');
    const { response } = await consentTo('azure', oauth.url as string, {
      email,
      domain_verified: 'on',
    });
    const code = new URL(response.headers.get('location') as string).searchParams.get('code');
    const { data, error } = await client.auth.exchangeCodeForSession(code as string);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.session?.user.app_metadata.provider).toBe('azure');
    expect(data.session?.provider_token).toBe('local');
  });

  it("refuses a Google consent's state on Microsoft's page", async () => {
    const page = await (await fetch(authorizeUrl('google', siteUrl))).text();
    const state = /name="state" value="([^"]+)"/.exec(page)?.[1] as string;
    const response = await authFetch(`/authorize/azure?state=${encodeURIComponent(state)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_oauth_state' });
  });

  it('/settings says azure is on', async () => {
    const settings = (await (await authFetch('/settings')).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external.azure).toBe(true);
  });
});

describe('Microsoft sign-in with e-mail confirmations on (no autoconfirm)', () => {
  let instance: TestBackend;
  beforeAll(async () => {
    instance = await startConfiguredBackend(
      {},
      { replacements: [['enable_confirmations = false', 'enable_confirmations = true']] },
    );
  });
  afterAll(() => instance.stop());

  const authorizeOn = (redirectTo: string) =>
    azureAuthorizeUrl(redirectTo, `${instance.url}/auth/v1`);

  it('links a verified address (xms_edov true), dropping what an unconfirmed sign-up set', async () => {
    // Someone signed the address up with a password and never confirmed it.
    const email = uniqueEmail('azure-verified');
    const signUp = await instance.anonClient().auth.signUp({
      email,
      password: strongPassword,
      options: { data: { name: 'Not The Owner' } },
    });
    expect(signUp.data.session).toBeNull();
    const id = signUp.data.user?.id;
    const { response } = await consentTo('azure', authorizeOn(siteUrl), {
      email,
      name: 'Real Owner',
      domain_verified: 'on',
    });
    expect(response.status).toBe(302);
    const fragment = fragmentOf(response.headers.get('location') as string);
    const { data } = await instance
      .anonClient()
      .auth.getUser(fragment.get('access_token') as string);
    expect(data.user?.id).toBe(id);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.app_metadata).toEqual({ provider: 'azure', providers: ['azure'] });
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['azure']);
    expect(data.user?.user_metadata.name).toBeUndefined();
    expect(data.user?.user_metadata.full_name).toBe('Real Owner');
    const password = await instance
      .anonClient()
      .auth.signInWithPassword({ email, password: strongPassword });
    expect(password.error?.code).toBe('invalid_credentials');
  });

  it('refuses an address Microsoft does not vouch for (xms_edov false) and links nothing', async () => {
    const email = uniqueEmail('azure-unverified');
    const { response } = await consentTo('azure', authorizeOn(`${siteUrl}/login`), { email });
    const location = new URL(response.headers.get('location') as string);
    expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
      error: 'access_denied',
      error_code: 'provider_email_needs_verification',
      error_description:
        'Unverified email with azure. Verify the email with azure in order to sign in',
      sb: '',
    });
    const { rows } = await instance.pool.query('select 1 from auth.users where email = $1', [
      email,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('Microsoft sign-in switched off', () => {
  let instance: TestBackend;
  beforeAll(async () => {
    instance = await startConfiguredBackend(
      {},
      {
        replacements: [
          ['[auth.external.azure]\nenabled = true', '[auth.external.azure]\nenabled = false'],
        ],
      },
    );
  });
  afterAll(() => instance.stop());

  it('answers 400 "Unsupported provider: provider is not enabled", as GoTrue', async () => {
    const response = await fetch(azureAuthorizeUrl(siteUrl, `${instance.url}/auth/v1`));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
    const settings = (await (await fetch(`${instance.url}/auth/v1/settings`)).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external.azure).toBe(false);
  });
});
