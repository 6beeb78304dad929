import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { routeExpectations } from './routes';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

for (const width of [390, 1440]) {
  test.describe(`axe at ${width} px`, () => {
    for (const route of routeExpectations) {
      test(`${route.path} has no violations`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
        expect(
          results.violations.map(({ id, help, nodes }) => ({
            id,
            help,
            targets: nodes.map((node) => node.target),
          })),
        ).toEqual([]);
      });
    }
  });
}

test('the not-found page has no violations', async ({ page, consoleErrors }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(results.violations).toEqual([]);
  consoleErrors.length = 0;
});

test('the Solutions menu and mobile menu, open, have no violations', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Solutions' }).click();
  expect((await new AxeBuilder({ page }).withTags(wcagTags).analyze()).violations).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  expect((await new AxeBuilder({ page }).withTags(wcagTags).analyze()).violations).toEqual([]);
});
