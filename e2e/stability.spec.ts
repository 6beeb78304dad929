import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts } from './support/backend';

/**
 * Prerendered pages must not move or flash while they hydrate and the session is restored: no
 * layout shift, and no loading indicator in place of content that was already there.
 */
async function recordInstability(page: Page) {
  await page.addInitScript(() => {
    const record: { shifts: number; loadingShown: boolean } = { shifts: 0, loadingShown: false };
    Object.assign(window, { __instability: record });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        record.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (document.querySelector('main [role="status"]')) record.loadingShown = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

const instability = (page: Page) =>
  page.evaluate(() => (window as unknown as { __instability: unknown }).__instability);

const pages = ['/', '/about', '/modules/dementia', '/login'];

test.describe('signed out', () => {
  for (const path of pages) {
    test(`${path} loads without shifting`, async ({ page }) => {
      await recordInstability(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await instability(page)).toEqual({ shifts: 0, loadingShown: false });
    });
  }
});

test.describe('signed in', () => {
  test.use({ account: accounts.admin });
  for (const path of pages.filter((candidate) => candidate !== '/login')) {
    test(`${path} loads without shifting`, async ({ page }) => {
      await recordInstability(page);
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await instability(page)).toEqual({ shifts: 0, loadingShown: false });
    });
  }
});
