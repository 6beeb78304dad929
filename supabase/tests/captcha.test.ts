/**
 * Issue 31: the public auth forms are behind Supabase Auth's captcha in production. This file starts
 * a backend of its own on the product's supabase/ folder with captcha enforced, as the hosted
 * project has it, and shows supabase-js sign-up refused without a token and accepted with one from
 * the local backend's stand-in provider (what the app's widget gets in development and tests).
 */
import { join } from 'node:path';
import { startTestBackend, type TestBackend } from '@revolve/local-backend/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({
    supabaseDir: join(import.meta.dirname, '..'),
    legacyDefaultPrivileges: inject('legacyDefaultPrivileges'),
    disableLegacyApiKeys: true,
    captcha: true,
  });
});

afterAll(async () => {
  await backend?.stop();
});

let counter = 0;
function uniqueEmail(): string {
  counter += 1;
  return `captcha-${Date.now().toString(36)}-${counter}@example.com`;
}

async function standInToken(): Promise<string> {
  const response = await fetch(`${backend.url}/captcha/v0/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sitekey: 'local-stand-in' }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function accountExists(email: string): Promise<boolean> {
  const { rowCount } = await backend.pool.query('select 1 from auth.users where email = $1', [
    email,
  ]);
  return rowCount === 1;
}

describe('captcha on the public auth forms (issue 31)', () => {
  it('refuses a sign-up without a captcha token and creates no account', async () => {
    const email = uniqueEmail();
    const { data, error } = await backend.anonClient().auth.signUp({
      email,
      password: 'Password123',
      options: { data: { name: 'Cap Tcha' } },
    });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('captcha_failed');
    expect(error?.message).toBe('captcha protection: request disallowed (no captcha_token found)');
    expect(await accountExists(email)).toBe(false);
  });

  it('accepts a sign-up with a token from the stand-in widget', async () => {
    const email = uniqueEmail();
    const { data, error } = await backend.anonClient().auth.signUp({
      email,
      password: 'Password123',
      options: { data: { name: 'Cap Tcha' }, captchaToken: await standInToken() },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(await accountExists(email)).toBe(true);
  });
});
