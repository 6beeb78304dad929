import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { LOCAL_PUBLISHABLE_KEY } from '@revolve/local-backend/keys';
import { authCaptchaCopy } from '../../src/content/authCaptcha';
import { expect, expectFailedRequests, test } from '../fixtures';
import { apiUrl, latestEmailText, uniqueEmail } from '../support/backend';
import { expectNoAxeViolations, toast } from '../support/page';

// The captcha project (playwright.config.ts): the backend refuses sign-up, password sign-in and
// password reset without a token from its captcha stand-in, as Supabase Auth does with Turnstile.

const password = 'Captcha123';
const passed = 'Local captcha stand-in: passed';

/** An account made as the site makes one: with a token the stand-in issued. */
async function createAccount(email: string): Promise<void> {
  const response = await fetch(`${apiUrl}/captcha/v0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sitekey: 'local-stand-in' }),
  });
  const { token } = (await response.json()) as { token: string };
  const client = createClient(apiUrl, LOCAL_PUBLISHABLE_KEY, { auth: { persistSession: false } });
  const { error } = await client.auth.signUp({
    email,
    password,
    options: { data: { name: 'Cass Captcha' }, captchaToken: token },
  });
  if (error) throw error;
}

/** Replaces the captcha token in the page's next auth request with one the stand-in never issued. */
async function forgeNextToken(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({
        postData: JSON.stringify({
          ...body,
          gotrue_meta_security: { captcha_token: 'forged-token-the-stand-in-never-issued' },
        }),
      });
    },
    { times: 1 },
  );
}

async function fillLogin(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

test('sign up through the widget', async ({ page }) => {
  const email = uniqueEmail('captcha-signup');
  await page.goto('/signup');
  await expect(page.getByText(passed)).toHaveCount(0);
  await page.getByLabel('Name').fill('Cass Captcha');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await expect(page.getByText(passed)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('sign in: a forged token is refused and the form keeps its values; the widget’s next one signs in', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('captcha-login');
  await createAccount(email);
  await page.goto('/login');
  await fillLogin(page, email);
  await expect(page.getByText(passed)).toBeVisible();

  await forgeNextToken(page, '/auth/v1/token');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Sign in failed', authCaptchaCopy.refused)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);
  expectFailedRequests(consoleErrors, [400]);

  // The widget has a fresh token by now: the same form signs in.
  await expect(page.getByText(passed)).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
});

test('password reset through the widget', async ({ page }) => {
  const email = uniqueEmail('captcha-reset');
  await createAccount(email);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await expect(page.getByText(passed)).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toast(page, 'Reset link sent!')).toBeVisible();
  expect(await latestEmailText(email, 'Reset Your Password')).toContain('/auth/v1/verify');
});

test('trial sign-up through the widget', async ({ page }) => {
  const email = uniqueEmail('captcha-trial');
  await createAccount(email);
  await page.goto('/trial-signup');
  await fillLogin(page, email);
  await expect(page.getByText(passed)).toBeVisible();
  await page.getByRole('button', { name: 'Request Free Trial' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank You!' })).toBeVisible();
});

test('a captcha script that does not load: the form says so, sends nothing and keeps its values', async ({
  page,
  consoleErrors,
}) => {
  await page.route('**/captcha/v0/api.js*', (route) => route.abort());
  let signInRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/auth/v1/token') signInRequests += 1;
  });
  await page.goto('/login');
  await fillLogin(page, 'sam@example.com');
  await expect(page.getByRole('alert')).toHaveText(authCaptchaCopy.loadFailed);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(authCaptchaCopy.loadFailed);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue('sam@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);
  expect(signInRequests).toBe(0);
  await expectNoAxeViolations(page);
  // The aborted script, and the app's own report of it.
  expect(consoleErrors.filter((line) => !/ERR_FAILED|Captcha problem/.test(line))).toEqual([]);
  consoleErrors.length = 0;
});
