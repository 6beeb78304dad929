import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { LOCAL_SECRET_KEY } from '../src/keys';
import { BackendStartError } from '../src/start-error';
import { startTestBackend, type TestBackend } from '../src/testing';
import { defined } from './defined';
import { anonClient, backendUrl, strongPassword, uniqueEmail } from './shared';

/** A token from the stand-in, as its widget gets one. */
async function captchaToken(url: string): Promise<string> {
  const response = await fetch(`${url}/captcha/v0/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sitekey: 'local-stand-in' }),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** POST /captcha/v0/siteverify as GoTrue calls Cloudflare's: form-encoded. */
async function siteverify(url: string, fields: Record<string, string>) {
  const response = await fetch(`${url}/captcha/v0/siteverify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Record<string, unknown>;
}

function expectRefused(
  error: { status?: number; code?: string; message: string } | null,
  reason: string,
) {
  expect(error?.status).toBe(400);
  expect(error?.code).toBe('captcha_failed');
  expect(error?.message).toBe(`captcha protection: request disallowed (${reason})`);
}

describe('[auth.captcha] settings', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.unstubAllEnvs();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The captcha settings read from a config.toml with `captcha` as its [auth.captcha] lines. */
  function captchaFrom(captcha: string, overrides: { captcha?: boolean } = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'captcha-config-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'config.toml'),
      `[auth]\nenabled = true\n\n[auth.captcha]\n${captcha}\n`,
    );
    return loadConfig({ supabaseDir: dir, projectRoot: dir, ...overrides }).auth.captcha;
  }

  it('is off without the table, and follows enabled with env() values resolved', () => {
    expect(captchaFrom('').enabled).toBe(false);
    vi.stubEnv('CAPTCHA_TEST_SECRET', 'the-secret');
    expect(
      captchaFrom('enabled = true\nprovider = "turnstile"\nsecret = "env(CAPTCHA_TEST_SECRET)"'),
    ).toEqual({ enabled: true, provider: 'turnstile', secret: 'the-secret' });
  });

  it('is switched by LOCAL_BACKEND_CAPTCHA, and the option replaces both', () => {
    vi.stubEnv('LOCAL_BACKEND_CAPTCHA', 'true');
    expect(captchaFrom('enabled = false').enabled).toBe(true);
    expect(captchaFrom('enabled = false', { captcha: false }).enabled).toBe(false);
    vi.stubEnv('LOCAL_BACKEND_CAPTCHA', 'false');
    expect(captchaFrom('enabled = true').enabled).toBe(false);
    expect(captchaFrom('enabled = true', { captcha: true }).enabled).toBe(true);
  });

  it('refuses to start an enforced captcha with a provider GoTrue does not know', () => {
    expect(() => captchaFrom('enabled = true\nprovider = "recaptcha"')).toThrow(BackendStartError);
  });
});

describe('captcha enforced (own backend with captcha: true)', () => {
  let instance: TestBackend;
  let client: SupabaseClient;
  const email = uniqueEmail('captcha');

  beforeAll(async () => {
    instance = await startTestBackend({ captcha: true });
    client = instance.anonClient();
  });
  afterAll(() => instance?.stop());

  it('refuses sign-up, password sign-in, password reset and OTP without a token, as GoTrue', async () => {
    const results = [
      await client.auth.signUp({ email, password: strongPassword }),
      await client.auth.signInWithPassword({ email, password: strongPassword }),
      await client.auth.resetPasswordForEmail(email),
      await client.auth.signInWithOtp({ email }),
    ];
    for (const { error } of results) {
      expectRefused(error, 'no captcha_token found');
    }
    const users = await instance.pool.query('select 1 from auth.users where email = $1', [email]);
    expect(users.rowCount).toBe(0);
  });

  it('accepts each of them with a token from POST /captcha/v0/token', async () => {
    const signUp = await client.auth.signUp({
      email,
      password: strongPassword,
      options: { captchaToken: await captchaToken(instance.url) },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.email).toBe(email);

    const signIn = await client.auth.signInWithPassword({
      email,
      password: strongPassword,
      options: { captchaToken: await captchaToken(instance.url) },
    });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session).not.toBeNull();

    const reset = await client.auth.resetPasswordForEmail(email, {
      captchaToken: await captchaToken(instance.url),
    });
    expect(reset.error).toBeNull();

    const otp = await client.auth.signInWithOtp({
      email,
      options: { captchaToken: await captchaToken(instance.url), shouldCreateUser: false },
    });
    expect(otp.error).toBeNull();
  });

  it('refuses a spent token (timeout-or-duplicate) and a made-up one (invalid-input-response)', async () => {
    const token = await captchaToken(instance.url);
    const first = await client.auth.signInWithPassword({
      email,
      password: strongPassword,
      options: { captchaToken: token },
    });
    expect(first.error).toBeNull();

    const again = await client.auth.signInWithPassword({
      email,
      password: strongPassword,
      options: { captchaToken: token },
    });
    expectRefused(again.error, 'timeout-or-duplicate');

    const madeUp = await client.auth.signInWithPassword({
      email,
      password: strongPassword,
      options: { captchaToken: 'made-up-token' },
    });
    expectRefused(madeUp.error, 'invalid-input-response');
  });

  it('does not check the refresh-token grant, as GoTrue', async () => {
    const { data, error } = await client.auth.signInWithPassword({
      email,
      password: strongPassword,
      options: { captchaToken: await captchaToken(instance.url) },
    });
    expect(error).toBeNull();
    const refreshed = await instance
      .anonClient()
      .auth.refreshSession({ refresh_token: defined(data.session).refresh_token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.access_token).toBeTruthy();
  });

  it('lets a service_role caller through without a token, as GoTrue lets an admin', async () => {
    const response = await fetch(`${instance.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: LOCAL_SECRET_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('captcha-admin'), password: strongPassword }),
    });
    expect(response.status).toBe(200);
  });
});

describe('captcha off (the shared backend, config.toml default)', () => {
  it('signs up and signs in without a token', async () => {
    const client = anonClient();
    const email = uniqueEmail('no-captcha');
    expect((await client.auth.signUp({ email, password: strongPassword })).error).toBeNull();
    const signIn = await client.auth.signInWithPassword({ email, password: strongPassword });
    expect(signIn.error).toBeNull();
  });
});

describe('the stand-in provider (/captcha/v0)', () => {
  it('siteverify passes an issued token once, as Cloudflare', async () => {
    const token = await captchaToken(backendUrl);
    const passed = await siteverify(backendUrl, {
      secret: 'any',
      response: token,
      remoteip: '203.0.113.7',
    });
    expect(passed.success).toBe(true);
    expect(passed['error-codes']).toEqual([]);

    expect(await siteverify(backendUrl, { secret: 'any', response: token })).toEqual({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
    });
    expect(await siteverify(backendUrl, { secret: 'any', response: 'not-issued' })).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
    expect(await siteverify(backendUrl, { secret: 'any' })).toEqual({
      success: false,
      'error-codes': ['missing-input-response'],
    });
  });

  it('issues random single-use tokens of 32 bytes, and only for a site key', async () => {
    const [one, two] = [await captchaToken(backendUrl), await captchaToken(backendUrl)];
    expect(one).toMatch(/^[\w-]{43}$/);
    expect(one).not.toBe(two);
    const refused = await fetch(`${backendUrl}/captcha/v0/token`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(400);
  });

  it('api.js renders a widget that gets a token, and calls the onload function', async () => {
    const response = await fetch(`${backendUrl}/captcha/v0/api.js?render=explicit&onload=ready`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const page = minimalPage(`${backendUrl}/captcha/v0/api.js?render=explicit&onload=ready`);
    const loaded = new Promise<void>((resolve) => (page.window.ready = resolve));
    runInContext(await response.text(), page.window);
    await loaded;

    const turnstile = page.window.turnstile as Turnstile;
    const tokens: string[] = [];
    let gotToken: () => void = () => undefined;
    const id = turnstile.render('#captcha', {
      sitekey: 'local-stand-in',
      callback: (token) => {
        tokens.push(token);
        gotToken();
      },
    });
    await new Promise<void>((resolve) => (gotToken = resolve));
    const box = defined(page.container.children[0]);
    expect(box.attributes.role).toBe('status');
    expect(box.style.cssText).toContain('width:300px');
    expect(box.children[0]?.textContent).toBe('Local captcha stand-in: passed');
    expect(turnstile.getResponse(id)).toBe(tokens[0]);
    expect(
      (await siteverify(backendUrl, { secret: 'any', response: defined(tokens[0]) })).success,
    ).toBe(true);

    turnstile.reset(id);
    await new Promise<void>((resolve) => (gotToken = resolve));
    expect(tokens[1]).not.toBe(tokens[0]);
    turnstile.remove(id);
    expect(page.container.children).toHaveLength(0);
    expect(turnstile.getResponse(id)).toBeUndefined();
  });
});

interface Turnstile {
  render(
    container: string,
    params: { sitekey: string; callback?: (token: string) => void },
  ): string;
  reset(id?: string): void;
  remove(id?: string): void;
  getResponse(id?: string): string | undefined;
}

/** Just enough of a browser page for the widget script: one container, elements, fetch. */
class FakeElement {
  children: FakeElement[] = [];
  parentNode: FakeElement | null = null;
  attributes: Record<string, string> = {};
  style = { cssText: '' };
  textContent = '';
  id = '';
  appendChild(child: FakeElement) {
    child.parentNode = this;
    this.children.push(child);
    return child;
  }
  removeChild(child: FakeElement) {
    this.children = this.children.filter((candidate) => candidate !== child);
    child.parentNode = null;
    return child;
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
}

function minimalPage(scriptSrc: string) {
  const container = new FakeElement();
  const window: Record<string, unknown> = {
    URL,
    fetch,
    setTimeout,
    clearTimeout,
    JSON,
    location: { href: 'http://localhost:5173/' },
    document: {
      currentScript: { src: scriptSrc },
      createElement: () => new FakeElement(),
      querySelector: (selector: string) => (selector === '#captcha' ? container : null),
    },
  };
  window.window = window;
  createContext(window);
  return { window, container };
}
