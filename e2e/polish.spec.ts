import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { animationsEnded, toast } from './support/page';
import {
  accounts,
  createAccount,
  fileLeads,
  insertNotification,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';

const password = 'Polish123';
const ukShortDate = /\d{1,2} [A-Z][a-z]{2} \d{4}/;
const usDate = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The boxes of what `selector` matches on screen, each with its accessible name or text, read in
 * one go: a toast that times out between two reads must not leave a read waiting for it.
 */
async function boxesOf(page: Page, selector: string) {
  const found = await page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
      return { name, box: { x, y, width, height } };
    }),
  );
  return found.filter(({ box }) => box.width > 0 && box.height > 0);
}

/** Fails if any toast's box overlaps the box of any control `selector` matches. */
async function expectToastsClearOf(page: Page, selector: string, what: string): Promise<void> {
  await animationsEnded(page);
  const toasts = await boxesOf(page, '[data-sonner-toast]');
  const controls = await boxesOf(page, selector);
  expect(toasts.length, 'toasts on screen').toBeGreaterThan(0);
  expect(controls.length, what).toBeGreaterThan(0);
  const covered = controls
    .filter((control) => toasts.some((shown) => overlaps(shown.box, control.box)))
    .map((control) => control.name.trim());
  expect(covered, `${what} under a toast`).toEqual([]);
}

/** Fails if any toast's box overlaps the box of any link or button in the header. */
async function expectToastsClearOfHeader(page: Page): Promise<void> {
  await expectToastsClearOf(
    page,
    'header :is(a, button, [role="button"], input, select)',
    'header controls',
  );
}

/** Submits the empty trial sign-up form until the app (once loaded) answers with a toast. */
async function visitorToast(page: Page): Promise<Locator> {
  await page.goto('/trial-signup');
  const submit = page.getByRole('button', { name: 'Request Free Trial' });
  const shown = toast(page, 'Validation Error').first();
  await expect(async () => {
    await submit.click();
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return submit;
}

type Edge = 'left' | 'right' | 'top' | 'bottom';

/** The front toast's distance from each edge of the viewport, once it has slid into place. */
async function frontToastGaps(page: Page): Promise<Record<Edge, number>> {
  // Sonner marks a toast mounted when it starts the slide in; until then it waits off screen.
  const front = page.locator('[data-sonner-toast][data-front="true"][data-mounted="true"]');
  await expect(front).toBeVisible();
  await animationsEnded(page);
  const viewport = page.viewportSize();
  const box = await front.boundingBox();
  if (!viewport || !box) throw new Error('No viewport, or no toast in front');
  return {
    left: box.x,
    right: viewport.width - (box.x + box.width),
    top: box.y,
    bottom: viewport.height - (box.y + box.height),
  };
}

// Sonner keeps toasts 16 px from the viewport's sides under 600 px wide.
const edgeMargin = 32;
// The header is 80 px tall at most; toasts sit just under it.
const headerHeight = 80;

for (const { viewport, placement, edges } of [
  {
    viewport: { width: 1440, height: 900 },
    placement: 'centred under the header',
    edges: [],
  },
  {
    viewport: { width: 390, height: 844 },
    placement: 'the full width under the header',
    edges: ['left', 'right'],
  },
] satisfies { viewport: { width: number; height: number }; placement: string; edges: Edge[] }[]) {
  test.describe(`toasts at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('live ones never cover the header, even stacked and hovered; the bell stays reachable', async ({
      browser,
    }) => {
      const email = uniqueEmail('toasts');
      const userId = await createAccount(email, password);
      const context = await browser.newContext({
        viewport,
        storageState: await signedInStorageState(email, password),
      });
      const page = await context.newPage();
      await page.goto('/dashboard');
      const bell = page.getByRole('button', { name: /^Notifications/ });
      await expect(bell).toBeVisible();
      // A notification written before the channel is listening is read with the list, without a
      // toast: wait until the bell has counted this one, then the next are live.
      await insertNotification(userId, { title: 'Welcome', message: 'Before listening.' });
      await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });
      for (const n of [1, 2, 3])
        await insertNotification(userId, { title: `Live ${n}`, message: `Message ${n}` });
      await expect(toast(page, 'Live 3')).toBeVisible();
      await expectToastsClearOfHeader(page);

      // A resting pointer expands the stack (and holds it): it still stays clear.
      for (const n of [4, 5, 6])
        await insertNotification(userId, { title: `Live ${n}`, message: `Message ${n}` });
      await toast(page, 'Live 6').hover();
      await expectToastsClearOfHeader(page);

      await bell.click();
      await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toBeVisible();
      await context.close();
    });

    test('a visitor’s stay clear of the navigation and Login', async ({ page }) => {
      const submit = await visitorToast(page);
      for (let n = 0; n < 2; n += 1) await submit.click();
      await expectToastsClearOfHeader(page);
    });

    test(`sit ${placement}`, async ({ page }) => {
      await visitorToast(page);
      const gaps = await frontToastGaps(page);
      const near = Object.fromEntries(
        edges.map((edge) => [edge, gaps[edge] >= 0 && gaps[edge] <= edgeMargin]),
      );
      const placed = `gaps to the viewport's edges: ${JSON.stringify(gaps)}`;
      expect(near, placed).toEqual(Object.fromEntries(edges.map((edge) => [edge, true])));
      expect(gaps.top, placed).toBeGreaterThanOrEqual(headerHeight);
      expect(gaps.top, placed).toBeLessThanOrEqual(headerHeight + edgeMargin);
      expect(Math.abs(gaps.left - gaps.right), placed).toBeLessThanOrEqual(2);
    });

    test('never cover the pager of an admin list, where the eye and the pointer are', async ({
      browser,
    }) => {
      const marker = uniqueEmail(`pager-${viewport.width}`).split('@')[0] ?? '';
      await fileLeads(
        Array.from({ length: 30 }, (_, index) => ({
          first_name: 'Pat',
          last_name: `Pager ${index + 1}`,
          email: `${marker}-${index + 1}@example.com`,
          subject: 'Registering interest in Revolve 360 Training',
          message: 'A lead for the pager.',
        })),
      );
      const context = await browser.newContext({
        viewport,
        storageState: await signedInStorageState(accounts.admin),
      });
      const page = await context.newPage();
      await page.goto('/admin/leads');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leads', {
        timeout: 15_000,
      });
      await page.getByLabel('Search leads by name, e-mail or subject').fill(marker);
      const pager = page.getByRole('navigation', { name: 'Leads pages' });
      await expect(pager).toContainText('Showing 1–25 of 30');

      // A follow-up saved, then the list read on: its toast is still up as the pager comes into
      // view at the bottom of the screen, and further up.
      await page
        .getByRole('button', { name: /^View the lead from Pat Pager/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: 'Contacted' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      // A resting pointer holds the toast (and expands the stack) while the list scrolls under it.
      await toast(page, 'Lead Updated').hover();
      for (const block of ['end', 'center'] as const) {
        await pager.evaluate((element, at) => element.scrollIntoView({ block: at }), block);
        await expectToastsClearOf(page, 'nav[aria-label="Leads pages"] button', 'pager buttons');
      }
      await context.close();
    });
  });
}

test.describe('dates, the UK way', () => {
  test.describe('on the dashboard and in the trial library', () => {
    test.use({ account: 'active@example.com' });
    test('short on the card, long in a sentence', async ({ page }) => {
      await page.goto('/dashboard');
      const card = page.getByRole('region', { name: 'Your trial' });
      await expect(card).toContainText(/\(ends \d{1,2} [A-Z][a-z]{2} \d{4}\)/);
      await expect(page.getByRole('main')).not.toContainText(usDate);
      await page.goto('/training-library-trial');
      await expect(page.getByRole('main')).toContainText(
        /remaining, until \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\./,
      );
    });
  });

  test.describe('on the admin dashboard', () => {
    test.use({ account: accounts.admin });
    test('in every list', async ({ page }) => {
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard', {
        timeout: 15_000,
      });
      for (const tab of [/^Pending Trials/, /^Active Trials/, /^All Users/, /^Module Unlocks/]) {
        await page.getByRole('tab', { name: tab }).click();
        const panel = page.getByRole('tabpanel');
        await expect(panel).toContainText(ukShortDate);
        await expect(panel).not.toContainText(usDate);
      }
    });
  });
});

test.describe('the trial library’s promise follows the trial', () => {
  test('without a trial: free for 30 days once one is approved', async ({ browser }) => {
    const email = uniqueEmail('no-trial-library');
    await createAccount(email, password);
    const context = await browser.newContext({
      storageState: await signedInStorageState(email, password),
    });
    const page = await context.newPage();
    await page.goto('/training-library-trial');
    await expect(
      page.getByText('Sign up for a trial to access the training modules.'),
    ).toBeVisible();
    await expect(
      page.getByText('free for 30 days from the day a trial is approved', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(/free for the 30 days of your trial/)).toHaveCount(0);
    await context.close();
  });

  test.describe('with one', () => {
    test.use({ account: 'active@example.com' });
    test('free for the 30 days of your trial', async ({ page }) => {
      await page.goto('/training-library-trial');
      await expect(page.getByRole('heading', { name: 'Your trial modules' })).toBeVisible();
      await expect(page.getByText(/free for the 30 days of your trial/)).toBeVisible();
    });
  });
});

test.describe('the change-password card at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('moves the e-mail address to a line of its own rather than break it', async ({
    browser,
  }) => {
    const email = `wrap${Date.now().toString(36)}@example.com`;
    await createAccount(email, password);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await signedInStorageState(email, password),
    });
    const page = await context.newPage();
    await page.goto('/change-password');
    const address = page.getByText(email, { exact: true });
    await expect(address).toBeVisible();
    // It fits on a line, so it sits whole on one line, not split across two.
    const lines = await address.evaluate(
      (element) =>
        element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(lines).toBeLessThan(1.5);
    await context.close();
  });
});
