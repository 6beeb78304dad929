import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { toast } from './support/page';
import { createAccount, uniqueEmail } from './support/backend';

/** On the local stand-in for Microsoft's sign-in: types an address (and a name) and continues. */
async function consentAs(page: Page, email: string, name?: string) {
  await expect(page).toHaveTitle('Sign in with Microsoft (local)');
  await page.getByLabel(/e-mail/i).fill(email);
  if (name) await page.getByLabel(/name/i).fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function expectSignedInAs(page: Page, email: string) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  await page.keyboard.press('Escape');
}

test.describe('Sign in with Microsoft', () => {
  test('a new user comes back to the page that sent them to /login, signed in', async ({
    page,
  }) => {
    const email = uniqueEmail('microsoft-new');
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?return_to=%2Fdashboard');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await consentAs(page, email, 'Mina Microsoft');
    await expect(page).toHaveURL('/dashboard');
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    await expectSignedInAs(page, email);
  });

  test('an existing e-mail account signs in with Microsoft as itself', async ({ page }) => {
    const email = uniqueEmail('microsoft-existing');
    await createAccount(email, 'Password123', 'Esme Existing');
    await page.goto('/login?return_to=%2Fdashboard');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await consentAs(page, email);
    await expect(page).toHaveURL('/dashboard');
    await expectSignedInAs(page, email);
    // The linked account keeps its password.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Password123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  });

  test('Cancel on Microsoft’s page says the sign-in failed and leaves the user signed out', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/login?return_to=%2Fdashboard');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await expect(page).toHaveTitle('Sign in with Microsoft (local)');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(
      toast(
        page,
        'Microsoft sign in failed',
        'AADSTS65004: User declined to consent to access the app.',
      ),
    ).toBeVisible();
    // Back on the login page with return_to kept, the refusal gone from the address.
    await expect(page).toHaveURL('/login?return_to=%2Fdashboard');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profile' })).toHaveCount(0);
    expect(consoleErrors.splice(0).join('\n')).toContain('Signing in from the link failed');
  });

  test('from /trial-signup: back to the trial request, signed in, and the trial is requested', async ({
    page,
  }) => {
    const email = uniqueEmail('microsoft-trial');
    await page.goto('/trial-signup');
    await page.getByRole('button', { name: 'Sign up with Microsoft' }).click();
    await consentAs(page, email, 'Tara Trial');
    await expect(page).toHaveURL('/trial-signup');
    await expect(page.getByText('You are signed in as')).toContainText(email);
    await page.getByRole('button', { name: 'Request Free Trial' }).click();
    await expect(page.getByRole('dialog', { name: 'Thank You!' })).toBeVisible();
  });
});
