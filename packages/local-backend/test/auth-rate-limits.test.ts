import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../src/keys';
import { startTestBackend, type TestBackend } from '../src/testing';
import { strongPassword, uniqueEmail } from './shared';

describe('rate limits (own backend with config.toml limits)', () => {
  let strict: TestBackend;
  beforeAll(async () => {
    strict = await startTestBackend({ rateLimits: 'strict' });
  });
  afterAll(() => strict?.stop());

  it('answers 429 over_email_send_rate_limit past email_sent per hour', async () => {
    const limit = strict.backend.config.auth.rateLimits.email_sent;
    const email = uniqueEmail('limited');
    const client = strict.anonClient();
    expect((await client.auth.signUp({ email, password: strongPassword })).error).toBeNull();
    for (let sent = 0; sent < limit; sent += 1) {
      expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    }
    const { error } = await client.auth.resetPasswordForEmail(email);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
  });

  it('answers 429 over_request_rate_limit with Retry-After past sign_in_sign_ups', async () => {
    const limit = strict.backend.config.auth.rateLimits.sign_in_sign_ups;
    // The sign-up of the previous test used one attempt of this address's allowance.
    const allowed = limit - 1;
    const attempt = () =>
      fetch(`${strict.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('limited'), password: 'Wrong12345' }),
      });
    for (let tried = 0; tried < allowed; tried += 1) {
      expect((await attempt()).status).toBe(400);
    }
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'over_request_rate_limit' });

    const viaClient = await strict
      .anonClient()
      .auth.signInWithPassword({ email: uniqueEmail(), password: strongPassword });
    expect(viaClient.error?.status).toBe(429);
    expect(viaClient.error?.code).toBe('over_request_rate_limit');
  });
});
