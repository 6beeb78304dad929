import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The brand typeface (Source Sans 3, self-hosted): preloaded by the page, in use once it has
 * loaded, and swapped in without moving anything (its fallback is Arial sized to its metrics).
 */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const record = { total: 0 };
    Object.assign(window, { __layoutShift: record });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        record.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __layoutShift: { total: number } }).__layoutShift.total,
  );

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 900 } });

    test('the home page is set in Source Sans 3 and nothing shifts when it arrives', async ({
      page,
    }) => {
      await recordLayoutShifts(page);
      await page.goto('/');
      await page.waitForLoadState('networkidle');

      const typeface = await page.evaluate(async () => {
        await document.fonts.ready;
        const faces = [...document.fonts].filter((face) => face.family === 'Source Sans 3');
        return {
          statuses: faces.map((face) => face.status),
          inUse: document.fonts.check('1rem "Source Sans 3"'),
          heading: getComputedStyle(document.querySelector('h1') as Element).fontFamily,
        };
      });
      expect(typeface.statuses).toEqual(['loaded']);
      expect(typeface.inUse).toBe(true);
      expect(typeface.heading).toMatch(/^"Source Sans 3"/);
      expect(await layoutShift(page)).toBe(0);
    });
  });
}

test('the page preloads the one latin file the stylesheet uses', async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute('type', 'font/woff2');
  await expect(preload).toHaveAttribute('crossorigin', '');
  const href = await preload.getAttribute('href');
  expect(href).toMatch(/^\/assets\/source-sans-3-latin-wght-normal-[\w-]+\.woff2$/);
  expect(fontRequests).toEqual([href]);
});
