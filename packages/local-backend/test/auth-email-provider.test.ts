import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '../src/keys';
import type { TestBackend } from '../src/testing';
import { startConfiguredBackend } from './auth-configured-backend';
import { strongPassword, uniqueEmail } from './shared';

describe('the e-mail provider switched off ([auth.email] enabled = false, own backend)', () => {
  let instance: TestBackend;
  beforeAll(async () => {
    instance = await startConfiguredBackend({ 'auth.email': ['enabled = false'] });
  });
  afterAll(() => instance?.stop());

  it('refuses e-mail sign-ups and sign-ins with GoTrue’s codes and words', async () => {
    const client = instance.anonClient();
    const email = uniqueEmail('no-email-provider');

    const signUp = await client.auth.signUp({ email, password: strongPassword });
    expect([signUp.error?.status, signUp.error?.code, signUp.error?.message]).toEqual([
      400,
      'email_provider_disabled',
      'Email signups are disabled',
    ]);

    const signIn = await client.auth.signInWithPassword({ email, password: strongPassword });
    expect([signIn.error?.status, signIn.error?.code, signIn.error?.message]).toEqual([
      422,
      'email_provider_disabled',
      'Email logins are disabled',
    ]);

    for (const attempt of [
      await client.auth.resetPasswordForEmail(email),
      await client.auth.signInWithOtp({ email }),
    ]) {
      expect([attempt.error?.status, attempt.error?.code, attempt.error?.message]).toEqual([
        400,
        'email_provider_disabled',
        'Email logins are disabled',
      ]);
    }
  });

  it('says so in /settings', async () => {
    const response = await fetch(`${instance.url}/auth/v1/settings`, {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY },
    });
    const settings = (await response.json()) as { external: { email: boolean } };
    expect(settings.external.email).toBe(false);
  });
});
