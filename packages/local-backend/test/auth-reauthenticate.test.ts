import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../src/testing';
import { codeIn, queryOn, waitForMail } from './auth-support';
import { startConfiguredBackend } from './auth-configured-backend';
import { strongPassword, uniqueEmail } from './shared';

describe('reauthentication for a password change (secure_password_change on, own backend)', () => {
  let instance: TestBackend;
  beforeAll(async () => {
    instance = await startConfiguredBackend({ 'auth.email': ['secure_password_change = true'] });
  });
  afterAll(() => instance?.stop());

  async function signedUp() {
    const client = instance.anonClient();
    const email = uniqueEmail('reauth');
    const { data, error } = await client.auth.signUp({ email, password: strongPassword });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    return { client, email };
  }

  /** GoTrue asks for a nonce only when the session began more than a day ago. */
  async function ageSessionsOf(email: string) {
    await queryOn(
      instance,
      `update auth.sessions set created_at = now() - interval '25 hours'
        where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
  }

  it('a session younger than a day changes the password without a nonce', async () => {
    const { client } = await signedUp();
    expect((await client.auth.updateUser({ password: 'Fresh1234' })).error).toBeNull();
  });

  it('an older session needs the nonce reauthenticate() e-mails; a wrong or used one is refused', async () => {
    const { client, email } = await signedUp();
    await ageSessionsOf(email);

    const without = await client.auth.updateUser({ password: 'Another456' });
    expect(without.error?.status).toBe(400);
    expect(without.error?.code).toBe('reauthentication_needed');
    expect(without.error?.message).toBe('Password update requires reauthentication');

    const sentAfter = Date.now() - 1000;
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await waitForMail(email, 'Confirm reauthentication', {
      after: sentAfter,
      mailbox: instance.mailboxUrl,
    });
    const nonce = codeIn(mail);

    const wrong = await client.auth.updateUser({
      password: 'Another456',
      nonce: nonce === '000000' ? '111111' : '000000',
    });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    expect(wrong.error?.message).toBe('Nonce has expired or is invalid');

    const changed = await client.auth.updateUser({ password: 'Another456', nonce });
    expect(changed.error).toBeNull();
    const signedIn = await instance
      .anonClient()
      .auth.signInWithPassword({ email, password: 'Another456' });
    expect(signedIn.error).toBeNull();

    const reused = await client.auth.updateUser({ password: 'Third7890', nonce });
    expect(reused.error?.code).toBe('reauthentication_not_valid');
  });

  it('reauthenticate() refuses an unconfirmed address (422 email_not_confirmed)', async () => {
    const { client, email } = await signedUp();
    await queryOn(instance, 'update auth.users set email_confirmed_at = null where email = $1', [
      email,
    ]);
    const { error } = await client.auth.reauthenticate();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_not_confirmed');
    expect(error?.message).toBe('Please verify your email first.');
  });
});
