import type { Browser, Page } from '@playwright/test';
import { totpCode } from '@revolve/local-backend/testing';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, toast } from './support/page';
import {
  accountWithActiveTrial,
  accountWithTrialRequest,
  accounts,
  createAccount,
  deleteRow,
  emailsTo,
  enrolAuthenticatorApp,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';

const password = 'Trial1234';

test.use({ account: accounts.admin });

async function openTab(page: Page, name: RegExp, search?: string) {
  await page.getByRole('tab', { name }).click();
  const panel = page.getByRole('tabpanel');
  if (search !== undefined) await panel.getByRole('searchbox').fill(search);
  return panel;
}

async function userPage(browser: Browser, email: string) {
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  return { page, context };
}

test.beforeEach(async ({ page }) => {
  await page.goto('/admin');
  // The guard waits for the session and the admin lookup before the page's own code loads.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard', {
    timeout: 15_000,
  });
});

test('six tabs, each with its count', async ({ page }) => {
  await expect(page.getByRole('tab')).toHaveText([
    /^Pending Trials\d+$/,
    /^Active Trials\d+$/,
    /^Expired Trials\d+$/,
    /^All Users\d+$/,
    /^Module Unlocks\d+$/,
    /^Admin Management\d+$/,
  ]);
});

test('approving a request: the toast, the row moves, and the user is told live', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('approve');
  await accountWithTrialRequest(email, password, 'Ada Approve');
  const user = await userPage(browser, email);

  const pending = await openTab(page, /^Pending Trials/, email);
  const row = pending.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Ada Approve');
  await expect(row).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
  await row.getByRole('button', { name: `Approve ${email}` }).click();
  await expect(toast(page, 'Trial Approved', `Trial access granted to ${email}`)).toBeVisible();
  await expect(pending.getByText(`No matches for "${email}"`)).toBeVisible();

  const active = await openTab(page, /^Active Trials/, email);
  const activeRow = active.getByRole('row').filter({ hasText: email });
  // The name is the row's header; the cells are e-mail, expiry, days remaining and actions.
  await expect(activeRow.getByRole('cell').nth(2)).toHaveText(/^30\s*Active$/);

  await expect(toast(user.page, 'Trial approved')).toBeVisible();
  await user.page.reload();
  const card = user.page.getByRole('region', { name: 'Your trial' });
  await expect(card).toContainText('Active Trial');
  await expect(card).toContainText('30 days remaining');
  await user.context.close();
});

test('rejecting a request tells the user', async ({ page, browser }) => {
  const email = uniqueEmail('reject');
  await accountWithTrialRequest(email, password, 'Rory Reject');
  const user = await userPage(browser, email);
  const pending = await openTab(page, /^Pending Trials/, email);
  // The user is notified at once, so the admin confirms first; cancelling leaves the request.
  await pending.getByRole('button', { name: `Reject ${email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reject trial request' });
  await expect(confirm).toContainText(
    `Reject the trial request of ${email}? They are notified at once.`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(pending.getByRole('row').filter({ hasText: email })).toBeVisible();
  await pending.getByRole('button', { name: `Reject ${email}` }).click();
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Trial Rejected', 'Trial request has been rejected.')).toBeVisible();
  await expect(pending.getByText(`No matches for "${email}"`)).toBeVisible();
  await expect(user.page.getByTestId('notification-badge')).toHaveText('1');
  await user.context.close();
});

for (const canRetrial of [false, true]) {
  test(`expiring a trial ${canRetrial ? 'with' : 'without'} a re-trial`, async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail(canRetrial ? 'expire-retrial' : 'expire');
    await accountWithActiveTrial(email, password, 'Evan Expire');
    const active = await openTab(page, /^Active Trials/, email);
    await active.getByRole('button', { name: `Expire the trial of ${email}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      'Are you sure you want to expire this trial? The user will lose access immediately.',
    );
    const allow = dialog.getByRole('checkbox', { name: 'Allow the user to request a new trial' });
    await expect(allow).not.toBeChecked();
    if (canRetrial) await allow.check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Expire trial' }).click();
    await expect(
      toast(page, 'Trial Expired', 'Trial has been expired and moved to expired trials.'),
    ).toBeVisible();
    const expired = await openTab(page, /^Expired Trials/, email);
    await expect(expired.getByRole('row').filter({ hasText: email })).toContainText(
      canRetrial ? 'Allowed' : 'Not allowed',
    );

    const user = await userPage(browser, email);
    const card = user.page.getByRole('region', { name: 'Your trial' });
    await expect(card).toContainText('Trial Expired');
    if (canRetrial)
      await expect(card.getByRole('link', { name: 'Request Re-trial' })).toHaveAttribute(
        'href',
        '/trial-signup',
      );
    else await expect(card).toContainText('Please contact admin for continued access.');
    await user.context.close();
  });
}

test('deleting an active trial, after confirming', async ({ page }) => {
  const email = uniqueEmail('delete');
  await accountWithActiveTrial(email, password, 'Dee Delete');
  const active = await openTab(page, /^Active Trials/, email);
  await active.getByRole('button', { name: `Delete the trial of ${email}` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Trial Deleted')).toBeVisible();
  await expect(active.getByText(`No matches for "${email}"`)).toBeVisible();
});

test('granting the admin role, and refusing an invalid e-mail or an account without an authenticator app', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Two grants and a second browser signing in through the code step.
  test.slow();
  const admins = await openTab(page, /^Admin Management/);
  const field = admins.getByLabel('Email');
  await field.fill('not-an-email');
  await admins.getByRole('button', { name: 'Grant admin' }).click();
  await expect(toast(page, 'Invalid Email', 'Please enter a valid email address.')).toBeVisible();

  const email = uniqueEmail('new-admin');
  await createAccount(email, password, 'Nia Newadmin');
  // Without an authenticator app the account cannot be made an admin, and the toast says why.
  await field.fill(email);
  await admins.getByRole('button', { name: 'Grant admin' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Grant admin role' }).click();
  await expect(
    toast(
      page,
      'Failed to Grant Admin Role',
      `${email} has not set up two-factor sign-in yet, so it cannot be made an admin. Ask them to set up an authenticator app on their account's security page first.`,
    ),
  ).toBeVisible();
  expect(consoleErrors.every((line) => line.includes('status of 409'))).toBe(true);
  consoleErrors.length = 0;

  const secret = await enrolAuthenticatorApp(email, password);
  await field.fill(email);
  await admins.getByRole('button', { name: 'Grant admin' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    `Grant admin role to ${email}? This will give them full access to the admin dashboard.`,
  );
  await expectNoAxeViolations(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Grant admin role' }).click();
  await expect(
    toast(page, 'Admin Role Granted', `${email} now has admin privileges.`),
  ).toBeVisible();
  await admins.getByRole('searchbox').fill(email);
  await expect(admins.getByRole('row').filter({ hasText: email })).toContainText('Nia Newadmin');

  // The new admin, signed in with the password, is asked for their app's code; then the dashboard opens.
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const newAdmin = await context.newPage();
  await newAdmin.goto('/admin');
  await newAdmin.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await newAdmin.getByRole('button', { name: 'Verify' }).click();
  await expect(newAdmin.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard', {
    timeout: 15_000,
  });
  await context.close();
});

test('the test e-mail reaches the mailbox', async ({ page }) => {
  const before = (await emailsTo('test-recipient@example.com')).length;
  await page.getByRole('button', { name: 'Test Email Function' }).click();
  await expect(toast(page, 'Test Email Sent')).toBeVisible();
  await expect
    .poll(async () => (await emailsTo('test-recipient@example.com')).length)
    .toBe(before + 1);
});

test.describe('failures show their toasts', () => {
  test('approving and rejecting a request that no longer exists', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('gone');
    const { requestId } = await accountWithTrialRequest(email, password, 'Gail Gone');
    const pending = await openTab(page, /^Pending Trials/, email);
    await expect(pending.getByRole('row').filter({ hasText: email })).toBeVisible();
    // The unfiltered first page can show the row before the search answers; deleting it then would
    // let the search's answer remove the row before the click.
    await expect(pending.getByText('Showing 1–1 of 1')).toBeVisible();
    await deleteRow('pending_trials', requestId);
    await pending.getByRole('button', { name: `Approve ${email}` }).click();
    await expect(toast(page, 'Approval Failed', 'Trial request not found')).toBeVisible();
    await pending.getByRole('button', { name: `Reject ${email}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Reject trial request' })
      .getByRole('button', { name: 'Reject' })
      .click();
    await expect(toast(page, 'Rejection Failed', 'Failed to reject trial.')).toBeVisible();
    expect(consoleErrors.every((line) => line.includes('status of 404'))).toBe(true);
    consoleErrors.length = 0;
  });

  test('expiring a trial that no longer exists', async ({ page, consoleErrors }) => {
    const email = uniqueEmail('gone-active');
    const { trialId } = await accountWithActiveTrial(email, password, 'Gus Gone');
    const active = await openTab(page, /^Active Trials/, email);
    await expect(active.getByRole('row').filter({ hasText: email })).toBeVisible();
    await expect(active.getByText('Showing 1–1 of 1')).toBeVisible();
    await deleteRow('active_trial_users', trialId);
    await active.getByRole('button', { name: `Expire the trial of ${email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Expire trial' }).click();
    await expect(toast(page, 'Failed to Expire Trial', 'Failed to expire trial.')).toBeVisible();
    expect(consoleErrors.every((line) => line.includes('status of 404'))).toBe(true);
    consoleErrors.length = 0;
  });
});

test('search finds a user by part of the e-mail, and lists page through the server', async ({
  page,
}) => {
  const email = uniqueEmail('findme');
  await createAccount(email, password, 'Fin Findme');
  const users = await openTab(page, /^All Users/, email.slice(0, 14));
  await expect(users.getByRole('row').filter({ hasText: email })).toBeVisible();
  await users.getByRole('searchbox').fill('');
  await expect(users.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
});

for (const name of [
  'Pending Trials',
  'Active Trials',
  'Expired Trials',
  'All Users',
  'Module Unlocks',
  'Admin Management',
]) {
  test(`the ${name} tab has no accessibility violations`, async ({ page }) => {
    const panel = await openTab(page, new RegExp(`^${name}`));
    await expect(panel.getByRole('table').first()).toBeVisible();
    await expect(panel.getByText('Loading...')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
