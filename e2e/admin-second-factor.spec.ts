import type { Page } from '@playwright/test';
import { totpCode } from '@revolve/local-backend/testing';
import { expect, test } from './fixtures';
import {
  accountWithTrialRequest,
  accounts,
  createAccount,
  enrolAuthenticatorApp,
  makeAdmin,
  seededAdminTotpSecret,
  seededPassword,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';
import { expectNoAxeViolations, setUpAuthenticatorApp, toast } from './support/page';

// Admin powers need a second factor: the guard sends an admin at aal1 to set up an app or to the
// code step, and the database and functions refuse them meanwhile (supabase/tests).

const password = 'Welcome123';

async function signInWithPassword(page: Page, email: string, withPassword: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(withPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('the seeded admin signs in with password and code, and approves a trial', async ({ page }) => {
  const email = uniqueEmail('second-factor-approve');
  await accountWithTrialRequest(email, password, 'Ada Approve');

  await page.goto('/admin');
  await expect(page).toHaveURL('/login?return_to=%2Fadmin');
  await signInWithPassword(page, accounts.admin, seededPassword);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeFocused();
  await page
    .getByRole('textbox', { name: 'Authentication code' })
    .fill(totpCode(seededAdminTotpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');

  await page.getByRole('tab', { name: /^Pending Trials/ }).click();
  const pending = page.getByRole('tabpanel');
  await pending.getByRole('searchbox').fill(email);
  await pending.getByRole('button', { name: `Approve ${email}` }).click();
  await expect(toast(page, 'Trial Approved', `Trial access granted to ${email}`)).toBeVisible();
});

test.describe('an admin without an authenticator app', () => {
  let email: string;
  test.beforeEach(async () => {
    email = uniqueEmail('admin-without-app');
    await makeAdmin(await createAccount(email, password, 'Nia Newadmin'));
  });

  test('is sent to set one up, then on to /admin', async ({ page }) => {
    await page.goto('/login?return_to=%2Fadmin');
    await signInWithPassword(page, email, password);
    await expect(page).toHaveURL('/account/security?return_to=%2Fadmin');
    await expect(
      toast(
        page,
        'Two-factor authentication required',
        'Set up an authenticator app to open the admin dashboard.',
      ),
    ).toBeVisible();
    await expect(page.getByText(/^Admins must use two-factor sign-in\./)).toBeVisible();
    await expectNoAxeViolations(page);

    await setUpAuthenticatorApp(page);
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  });
});

test('an admin with an app who stopped at the code step is sent back to it from /admin', async ({
  browser,
}) => {
  const email = uniqueEmail('admin-awaiting-code');
  await makeAdmin(await createAccount(email, password, 'Cody Code'));
  const secret = await enrolAuthenticatorApp(email, password);
  // A password-only session: a code from the app has not been entered.
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const page = await context.newPage();
  await page.goto('/admin/leads');
  await expect(page).toHaveURL('/login?return_to=%2Fadmin%2Fleads');
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/admin/leads');
  await context.close();
});
