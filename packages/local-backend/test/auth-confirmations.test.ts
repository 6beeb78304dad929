import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../src/keys';
import { startTestBackend, type TestBackend } from '../src/testing';
import {
  codeIn,
  followLink,
  fragmentOf,
  queryOn,
  siteUrl,
  verifyLinkIn,
  waitForMail,
} from './auth-support';
import { strongPassword, uniqueEmail } from './shared';

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
    expect(await response.json()).toMatchObject({ mailer_autoconfirm: false });
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
