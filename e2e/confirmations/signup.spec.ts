import type { Page } from '@playwright/test';
import { expect, expectFailedRequests, test } from '../fixtures';
import { latestEmailText, uniqueEmail } from '../support/backend';
import { expectNoAxeViolations, toast } from '../support/page';

// The confirmations project (playwright.config.ts): a backend with e-mail confirmation on.

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('sign up, confirm the address from the e-mail, then sign in', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('confirm');
  const password = 'Confirm123';

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Cora Confirm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // No session yet: the page says where the link went instead of going home signed in.
  await expect(heading(page)).toHaveText('Check your email');
  await expect(heading(page)).toBeFocused();
  await expect(page.getByRole('main')).toContainText(
    `We have sent a confirmation link to ${email}. Confirm your address with it before you sign in.`,
  );
  await expect(page).toHaveURL('/signup');
  await expect(toast(page, 'Account created successfully!')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Signing in before confirming fails with the provider's message.
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL('/login');
  await fillLogin(page, email, password);
  await expect(toast(page, 'Sign in failed', 'Email not confirmed')).toBeVisible();
  await expect(page).toHaveURL('/login');
  expectFailedRequests(consoleErrors, [400]);

  const text = await latestEmailText(email, 'Confirm Your Signup');
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)?.[0];
  expect(link, 'the confirmation link in the e-mail').toBeDefined();
  expect(new URL(link ?? '').searchParams.get('type')).toBe('signup');
  await page.goto(link ?? '');

  // The link confirms the address and signs the user in, at home, and says so.
  await expect(page).toHaveURL('/');
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await page.getByRole('button', { name: 'Profile' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(email);

  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'Signed out successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await fillLogin(page, email, password);
  // The newest toast: the link's own may still be showing.
  await expect(toast(page, 'Signed in successfully!').last()).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
});
