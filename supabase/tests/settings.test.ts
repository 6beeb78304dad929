/**
 * A function that lacks a setting it needs answers a 500 naming it, before it changes anything:
 * no silent fallback to localhost links or an unverified sender. Each case blanks one setting in
 * the functions' .env of a backend of its own (the shared one keeps its settings).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestBackend, type TestBackend } from '@revolve/local-backend/testing';
import { seedPassword, seeded, seededAdminTotpSecret, verifySecondFactor } from './project';

let backend: TestBackend;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend({
    supabaseDir: join(import.meta.dirname, '..'),
    legacyDefaultPrivileges: inject('legacyDefaultPrivileges'),
    disableLegacyApiKeys: true,
  });
  admin = backend.anonClient();
  const { error } = await admin.auth.signInWithPassword({
    email: seeded.admin.email,
    password: seedPassword,
  });
  if (error) throw new Error(error.message);
  await verifySecondFactor(admin, seededAdminTotpSecret);
});

afterAll(async () => {
  await backend?.stop();
});

async function withoutSetting(name: string): Promise<void> {
  await writeFile(join(backend.supabaseDir, 'functions', '.env'), `${name}=\n`);
}

async function failure(result: { error: unknown }): Promise<{ status: number; message: string }> {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return { status: response.status, message: ((await response.json()) as { error: string }).error };
}

const pendingRequestId = 'b0000000-0000-4000-8000-000000000004';

describe('approve-trial without a setting', () => {
  for (const setting of ['SITE_URL', 'MAIL_FROM', 'MAIL_API_KEY']) {
    it(`${setting}: 500 naming it, and the request stays pending`, async () => {
      await withoutSetting(setting);
      const result = await admin.functions.invoke('approve-trial', {
        body: { trial_id: pendingRequestId, email: seeded.pending.email },
      });
      expect(await failure(result)).toEqual({
        status: 500,
        message: `Server configuration error: ${setting} is not set.`,
      });
      const { data } = await backend
        .serviceClient()
        .from('pending_trials')
        .select('status')
        .eq('id', pendingRequestId)
        .single();
      expect(data).toEqual({ status: 'pending' });
    });
  }
});

describe('send-trial-activated without a setting', () => {
  for (const setting of ['SITE_URL', 'MAIL_FROM', 'MAIL_API_KEY', 'TEST_EMAIL_RECIPIENT']) {
    it(`${setting}: 500 naming it`, async () => {
      await withoutSetting(setting);
      const result = await admin.functions.invoke('send-trial-activated', {
        body: { email: 'someone@example.org', name: 'X', expires_at: '2026-12-21T12:00:00Z' },
      });
      expect(await failure(result)).toEqual({
        status: 500,
        message: `Server configuration error: ${setting} is not set.`,
      });
    });
  }

  it('with every setting present, the same call succeeds', async () => {
    await writeFile(join(backend.supabaseDir, 'functions', '.env'), '');
    const { error } = await admin.functions.invoke('send-trial-activated', {
      body: { email: 'someone@example.org', name: 'X', expires_at: '2026-12-21T12:00:00Z' },
    });
    expect(error).toBeNull();
  });
});

describe('submit-lead without a setting', () => {
  for (const setting of ['SALES_EMAIL', 'SITE_URL', 'MAIL_FROM', 'MAIL_API_KEY']) {
    it(`${setting}: 500 naming it, and no lead is stored`, async () => {
      await withoutSetting(setting);
      const email = `lead-${setting.toLowerCase()}@example.org`;
      const result = await backend.anonClient().functions.invoke('submit-lead', {
        body: {
          firstName: 'Unset',
          lastName: 'Setting',
          email,
          subject: 'Registering interest in Revolve 360 Training',
          message: 'Hello',
        },
      });
      expect(await failure(result)).toEqual({
        status: 500,
        message: `Server configuration error: ${setting} is not set.`,
      });
      const { rows } = await backend.pool.query('select 1 from public.leads where email = $1', [
        email,
      ]);
      expect(rows).toEqual([]);
    });
  }
});
