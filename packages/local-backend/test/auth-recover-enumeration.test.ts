import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../src/testing';
import { strongPassword, uniqueEmail } from './shared';

describe('password reset under the email_sent limit does not reveal which addresses exist', () => {
  let strict: TestBackend;
  beforeAll(async () => {
    strict = await startTestBackend({ rateLimits: 'strict' });
  });
  afterAll(() => strict?.stop());

  it('counts requests for unknown addresses too, so both kinds answer 429 once limited', async () => {
    const limit = strict.backend.config.auth.rateLimits.email_sent;
    expect(limit).toBe(2);
    const known = uniqueEmail('known');
    const client = strict.anonClient();
    expect((await client.auth.signUp({ email: known, password: strongPassword })).error).toBeNull();

    // One request each way uses up the two e-mails of the hour.
    expect((await client.auth.resetPasswordForEmail(uniqueEmail('unknown'))).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail(known)).error).toBeNull();

    const forKnown = await client.auth.resetPasswordForEmail(known);
    const forUnknown = await client.auth.resetPasswordForEmail(uniqueEmail('unknown'));
    for (const { error } of [forKnown, forUnknown]) {
      expect(error?.status).toBe(429);
      expect(error?.code).toBe('over_email_send_rate_limit');
      expect(error?.message).toBe('email rate limit exceeded');
    }

    const resent = await client.auth.resend({ type: 'signup', email: uniqueEmail('unknown') });
    expect(resent.error?.status).toBe(429);
  });
});
