import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { channelJoined, toast } from './support/page';
import {
  createAccount,
  insertNotification,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';

const password = 'Notify123';
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notification-badge');

/**
 * Resolves once the database has accepted a 'mark read' write. The panel shows notifications read
 * at once; a reload before the write has landed would cancel it, so a reload waits for this.
 */
async function markedRead(page: Page): Promise<void> {
  const response = await page.waitForResponse(
    (candidate) =>
      candidate.request().method() === 'PATCH' &&
      candidate.url().includes('/rest/v1/notifications'),
  );
  expect(response.ok(), `marking read answered ${response.status()}`).toBe(true);
}

/** A new account, signed in on its own page (its own browser context), on the dashboard. */
async function signedInUser(browser: Browser, label: string) {
  const email = uniqueEmail(label);
  const userId = await createAccount(email, password);
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const page = await context.newPage();
  const joined = channelJoined(page, userId);
  await page.goto('/dashboard');
  await joined;
  return { userId, page, context };
}

test('a notification reaches its user live, within 2 seconds, and no one else', async ({
  browser,
}) => {
  const alice = await signedInUser(browser, 'alice');
  const bob = await signedInUser(browser, 'bob');

  const started = Date.now();
  await insertNotification(alice.userId, {
    title: 'Trial approved',
    message: 'Your 30-day trial is active.',
  });
  await expect(toast(alice.page, 'Trial approved')).toBeVisible({ timeout: 2_000 });
  const deliveredMs = Date.now() - started;
  test.info().annotations.push({ type: 'live delivery', description: `${deliveredMs} ms` });
  console.log(`Live notification delivery (insert to toast): ${deliveredMs} ms`);
  await expect(toast(alice.page, 'Trial approved', 'Your 30-day trial is active.')).toBeVisible();
  await expect(badge(alice.page)).toHaveText('1');
  await expect(bell(alice.page)).toHaveAccessibleName('Notifications, 1 unread');

  // Bob's own notification arrives; Alice's never did.
  await insertNotification(bob.userId, { title: 'For Bob', message: 'Only Bob sees this.' });
  await expect(toast(bob.page, 'For Bob')).toBeVisible({ timeout: 2_000 });
  await expect(toast(bob.page, 'Trial approved')).toHaveCount(0);
  await expect(badge(bob.page)).toHaveText('1');
  await bell(bob.page).click();
  const bobPanel = bob.page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(bobPanel.getByRole('listitem')).toHaveCount(1);
  await expect(bobPanel).not.toContainText('Trial approved');

  await alice.context.close();
  await bob.context.close();
});

test('marking one and marking all read persist across a reload', async ({ browser }) => {
  const email = uniqueEmail('reader');
  const userId = await createAccount(email, password);
  for (const n of [1, 2, 3])
    await insertNotification(userId, { title: `Update ${n}`, message: `Message ${n}` });
  await insertNotification(userId, {
    title: 'Trial request rejected',
    message: 'Your request was not approved.',
    type: 'error',
  });
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(badge(page)).toHaveText('4');

  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(panel.getByRole('listitem')).toHaveCount(4);
  // Newest first, each with its relative time.
  await expect(panel.getByRole('listitem').first()).toContainText('Trial request rejected');
  await expect(panel.getByRole('listitem').first()).toContainText(/ ago/);
  const markedOne = markedRead(page);
  await panel.getByRole('button', { name: /Update 2/ }).click();
  await expect(badge(page)).toHaveText('3');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();

  await markedOne;
  await page.reload();
  await expect(badge(page)).toHaveText('3');
  await bell(page).click();
  const markedAll = markedRead(page);
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

  await markedAll;
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(badge(page)).toHaveCount(0);
  await context.close();
});

test('more than nine unread shows 9+, and the panel keeps the newest ten, live too', async ({
  browser,
}) => {
  const email = uniqueEmail('many');
  const userId = await createAccount(email, password);
  for (let n = 1; n <= 12; n += 1)
    await insertNotification(userId, { title: `Note ${n}`, message: `Message ${n}` });
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const page = await context.newPage();
  const joined = channelJoined(page, userId);
  await page.goto('/');
  await expect(badge(page)).toHaveText('9+');
  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  await expect(panel.getByText('Note 1', { exact: true })).toHaveCount(0);
  await expect(panel.getByText('Note 2', { exact: true })).toHaveCount(0);
  await expect(panel.getByRole('listitem').first()).toContainText('Note 12');

  // A live insert goes on top and the oldest shown leaves (SPEC.md: keep 10).
  await joined;
  await insertNotification(userId, { title: 'Note 13', message: 'Message 13' });
  await expect(panel.getByRole('listitem').first()).toContainText('Note 13');
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  await expect(panel.getByText('Note 3', { exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Show earlier' })).toBeVisible();
  await context.close();
});

test('the bell counts every unread one; Show earlier brings the older; Mark all read clears them all', async ({
  browser,
}) => {
  const email = uniqueEmail('thirteen');
  const userId = await createAccount(email, password);
  for (let n = 1; n <= 13; n += 1)
    await insertNotification(userId, { title: `Note ${n}`, message: `Message ${n}` });
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 13 unread');
  await expect(badge(page)).toHaveText('9+');

  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  await expect(panel.getByText('Note 3', { exact: true })).toHaveCount(0);
  // Each item's time says its date and time in full, the UK way, when hovered.
  await expect(panel.locator('time').first()).toHaveAttribute(
    'title',
    /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
  );
  await panel.getByRole('button', { name: 'Show earlier' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(13);
  await expect(panel.getByRole('listitem').last()).toContainText('Note 1');
  // Focus moves to the first of the older ones (Note 3).
  await expect(panel.getByRole('button', { name: /^Note 3/ })).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Show earlier' })).toHaveCount(0);

  const marked = markedRead(page);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await marked;
  await page.reload();
  await bell(page).click();
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  await expect(panel.getByText(', unread')).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(badge(page)).toHaveCount(0);
  await context.close();
});
