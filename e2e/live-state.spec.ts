import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { channelJoined, toast } from './support/page';
import {
  accountWithTrialRequest,
  accounts,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';
import { formatDate } from '../src/lib/dates';

const password = 'Live1234';
/** Live means within this long of the admin's action, with no reload. */
const live = { timeout: 3_000 };

test.use({ account: accounts.admin });

/** The user with a pending request, on their dashboard in a browser context of their own. */
async function userOnDashboard(browser: Browser, label: string) {
  const email = uniqueEmail(label);
  const { userId } = await accountWithTrialRequest(email, password, 'Liv Live');
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const userPage = await context.newPage();
  const joined = channelJoined(userPage, userId);
  await userPage.goto('/dashboard');
  await joined;
  const card = userPage.getByRole('region', { name: 'Your trial' });
  await expect(card).toContainText('Trial Request Pending');
  // Survives only as long as the page is not reloaded.
  await userPage.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
  return { email, userPage, card, context };
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded === true);
const trialMarker = (page: Page) => page.evaluate(() => localStorage.getItem('revolve:trial:v1'));

async function adminTab(page: Page, name: RegExp, search: string) {
  await page.getByRole('tab', { name }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('searchbox').fill(search);
  return panel;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard', {
    timeout: 15_000,
  });
});

test('approved, then expired: the dashboard card follows each live, without a reload', async ({
  page,
  browser,
}) => {
  const user = await userOnDashboard(browser, 'live-approve');

  const pending = await adminTab(page, /^Pending Trials/, user.email);
  await pending.getByRole('button', { name: `Approve ${user.email}` }).click();
  const approved = Date.now();
  await expect(user.card).toContainText('Active Trial', live);
  console.log(`Dashboard card live after approval: ${Date.now() - approved} ms`);
  await expect(user.card).toContainText('30 days remaining');
  const ends = formatDate(new Date(Date.now() + 30 * 86_400_000).toISOString());
  await expect(user.card).toContainText(`(ends ${ends})`);
  // The notification's own sentence writes the date in full, the UK way.
  await expect(
    toast(user.userPage, 'Trial approved', /active until \d{1,2} [A-Z][a-z]+ \d{4}\./),
  ).toBeVisible();
  expect(JSON.parse((await trialMarker(user.userPage)) ?? '{}').exp).toBeGreaterThan(Date.now());

  const active = await adminTab(page, /^Active Trials/, user.email);
  await active.getByRole('button', { name: `Expire the trial of ${user.email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Expire trial' }).click();
  await expect(user.card).toContainText('Trial Expired', live);
  await expect(user.card).toContainText('Please contact admin for continued access.');
  await expect.poll(() => trialMarker(user.userPage)).toBeNull();

  expect(await notReloaded(user.userPage)).toBe(true);
  await user.context.close();
});

test('approved before the live channel has joined: the card follows once it joins', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('live-before-join');
  const { userId } = await accountWithTrialRequest(email, password, 'Liv Live');
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const userPage = await context.newPage();
  // The channel is the header bell's: holding the bell's code holds the join, so the approval
  // lands after the card's first read and before the channel listens, every time.
  let releaseBell: () => void = () => {};
  const bellHeld = new Promise<void>((resolve) => (releaseBell = resolve));
  await userPage.route('**/assets/SignedInControls-*.js', async (route) => {
    await bellHeld;
    await route.continue();
  });
  const joined = channelJoined(userPage, userId);
  await userPage.goto('/dashboard');
  const card = userPage.getByRole('region', { name: 'Your trial' });
  await expect(card).toContainText('Trial Request Pending');
  await userPage.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

  const pending = await adminTab(page, /^Pending Trials/, email);
  await pending.getByRole('button', { name: `Approve ${email}` }).click();
  await expect(toast(page, 'Trial Approved', `Trial access granted to ${email}`)).toBeVisible();
  await expect(card).toContainText('Trial Request Pending');

  releaseBell();
  await joined;
  await expect(card).toContainText('Active Trial', live);
  expect(await notReloaded(userPage)).toBe(true);
  await context.close();
});

test('rejected: the dashboard card offers a new request live, without a reload', async ({
  page,
  browser,
}) => {
  const user = await userOnDashboard(browser, 'live-reject');
  const pending = await adminTab(page, /^Pending Trials/, user.email);
  await pending.getByRole('button', { name: `Reject ${user.email}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Reject trial request' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(user.card).toContainText('No Active Trial', live);
  await expect(user.card.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
  expect(await notReloaded(user.userPage)).toBe(true);
  await user.context.close();
});
