import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthRateLimits } from '../src/auth/rate-limit';
import { LOCAL_ANON_KEY } from '../src/keys';
import { startTestBackend, type TestBackend } from '../src/testing';
import { strongPassword, uniqueEmail } from './shared';

describe('rate limits (own backend with config.toml limits)', () => {
  let strict: TestBackend;
  beforeAll(async () => {
    // Trusting X-Forwarded-For lets one test play clients at several addresses; requests without
    // it count against the socket's address, 127.0.0.1.
    strict = await startTestBackend({ rateLimits: 'strict', rateLimitHeader: 'X-Forwarded-For' });
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
    // The sign-up of the previous test used one attempt of 127.0.0.1's allowance.
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

  it('counts sign-ins per client address, not per account: failures elsewhere lock no one out', async () => {
    const limit = strict.backend.config.auth.rateLimits.sign_in_sign_ups;
    const email = uniqueEmail('target');
    const from = (ip: string, password: string, path = '/token?grant_type=password') =>
      fetch(`${strict.url}/auth/v1${path}`, {
        method: 'POST',
        headers: {
          apikey: LOCAL_ANON_KEY,
          'Content-Type': 'application/json',
          'X-Forwarded-For': `${ip}, 10.0.0.1`,
        },
        body: JSON.stringify({ email, password }),
      });
    expect((await from('198.51.100.1', strongPassword, '/signup')).status).toBe(200);

    for (let tried = 0; tried < limit; tried += 1) {
      expect((await from('203.0.113.7', 'Wrong12345')).status).toBe(400);
    }
    const attacker = await from('203.0.113.7', strongPassword);
    expect(attacker.status).toBe(429);
    expect(await attacker.json()).toMatchObject({ code: 'over_request_rate_limit' });

    const owner = await from('198.51.100.2', strongPassword);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ user: { email } });
  });
});

describe('the client address the limits count', () => {
  const limits = { email_sent: 2, sign_in_sign_ups: 1, token_refresh: 1, token_verifications: 1 };
  const spoofed = { ip: '127.0.0.1', headers: { 'x-forwarded-for': '192.0.2.1' } };

  it("is the socket's unless a header is trusted, so a client cannot pick its own", () => {
    const untrusting = new AuthRateLimits(limits);
    expect(untrusting.clientAddress(spoofed)).toBe('127.0.0.1');
    untrusting.check('sign_in_sign_ups', spoofed);
    expect(() =>
      untrusting.check('sign_in_sign_ups', {
        ...spoofed,
        headers: { 'x-forwarded-for': '192.0.2.2' },
      }),
    ).toThrow('Request rate limit reached');
  });

  it("is the trusted header's first address, or the socket's when the header is missing", () => {
    const trusting = new AuthRateLimits(limits, 'X-Forwarded-For');
    expect(
      trusting.clientAddress({
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': ' 192.0.2.1 , 10.0.0.1' },
      }),
    ).toBe('192.0.2.1');
    expect(trusting.clientAddress({ ip: '127.0.0.1', headers: {} })).toBe('127.0.0.1');
    trusting.check('sign_in_sign_ups', spoofed);
    expect(() => trusting.check('sign_in_sign_ups', spoofed)).toThrow('Request rate limit reached');
    trusting.check('sign_in_sign_ups', { ...spoofed, headers: { 'x-forwarded-for': '192.0.2.2' } });
  });
});
