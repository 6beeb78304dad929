/**
 * The legacy API keys, on purpose: every other file runs against a backend that refuses them
 * (setup.ts), so this one starts a backend that still takes them, as a hosted project does until
 * its legacy keys are disabled. The functions work end to end for callers with the legacy anon and
 * service_role keys as with the new ones, and take a secret key only in the `apikey` header.
 */
import { join } from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from '@revolve/local-backend/keys';
import { clientFor, startTestBackend, type TestBackend } from '@revolve/local-backend/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  enrolSecondFactor,
  seedPassword,
  seeded,
  seededAdminTotpSecret,
  verifySecondFactor,
} from './project';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({
    supabaseDir: join(import.meta.dirname, '..'),
    legacyDefaultPrivileges: inject('legacyDefaultPrivileges'),
  });
});

afterAll(async () => {
  await backend?.stop();
});

/** A client with `key` for the seeded admin, signed in through the authenticator app (aal2). */
async function adminWith(key: string): Promise<SupabaseClient> {
  const client = clientFor(backend.url, key);
  const { error } = await client.auth.signInWithPassword({
    email: seeded.admin.email,
    password: seedPassword,
  });
  if (error) throw new Error(error.message);
  await verifySecondFactor(client, seededAdminTotpSecret);
  return client;
}

/** A new account with an authenticator app (admin rights need one), by its e-mail address. */
async function newAccountEmail(label: string): Promise<string> {
  const email = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const client = clientFor(backend.url, LOCAL_PUBLISHABLE_KEY);
  const { error } = await client.auth.signUp({ email, password: seedPassword });
  if (error) throw new Error(error.message);
  await enrolSecondFactor(client);
  return email;
}

describe('an admin function with a user token', () => {
  for (const [kind, key] of [
    ['the legacy anon key', LOCAL_ANON_KEY],
    ['the publishable key', LOCAL_PUBLISHABLE_KEY],
  ] as const) {
    it(`works for a client with ${kind}`, async () => {
      const admin = await adminWith(key);
      const email = await newAccountEmail('granted');
      const { data, error } = await admin.functions.invoke('grant-admin-role', {
        body: { user_email: email },
      });
      expect(error).toBeNull();
      expect(data).toMatchObject({ role: { role: 'admin' } });
    });
  }
});

/**
 * send-trial-reminder answers 401 to a caller that is not the project before it reads anything; a
 * project caller gets past that check (to the body's validation, with this empty body).
 */
describe('a function only the project may call (send-trial-reminder)', () => {
  async function statusFor(headers: Record<string, string>): Promise<number> {
    const response = await fetch(`${backend.url}/functions/v1/send-trial-reminder`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: '{}',
    });
    return response.status;
  }

  /** The status supabase-js got calling the function with `key`, as a server would. */
  async function invokedStatus(key: string): Promise<number> {
    const { error } = await clientFor(backend.url, key).functions.invoke('send-trial-reminder', {
      body: {},
    });
    if (!error) return 200;
    if (error instanceof FunctionsHttpError) return (error.context as Response).status;
    throw error;
  }

  it('takes the legacy service_role key as a bearer token, with or without an apikey', async () => {
    expect(await statusFor({ Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` })).not.toBe(401);
    expect(await invokedStatus(LOCAL_SERVICE_ROLE_KEY)).not.toBe(401);
  });

  it('takes the secret key in the apikey header, as supabase-js sends it', async () => {
    expect(await statusFor({ apikey: LOCAL_SECRET_KEY })).not.toBe(401);
    expect(await invokedStatus(LOCAL_SECRET_KEY)).not.toBe(401);
  });

  it('refuses a secret key sent only as a bearer token, and the publishable and anon keys', async () => {
    const refusedCallers: Record<string, string>[] = [
      { Authorization: `Bearer ${LOCAL_SECRET_KEY}` },
      { Authorization: `Bearer ${LOCAL_SECRET_KEY}`, apikey: LOCAL_PUBLISHABLE_KEY },
      { apikey: LOCAL_PUBLISHABLE_KEY },
      { Authorization: `Bearer ${LOCAL_ANON_KEY}`, apikey: LOCAL_ANON_KEY },
    ];
    for (const headers of refusedCallers) {
      expect(await statusFor(headers), JSON.stringify(headers)).toBe(401);
    }
    expect(await invokedStatus(LOCAL_PUBLISHABLE_KEY)).toBe(401);
  });
});
