import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/page';
import { routeExpectations } from './routes';
import { accounts } from './support/backend';

const visits = [
  { signedIn: false, routes: routeExpectations.filter((route) => !route.access) },
  { signedIn: true, routes: routeExpectations },
];

// Both widths in one test per route: one context and one sign-in serve the two scans.
for (const { signedIn, routes } of visits) {
  test.describe(`axe, signed ${signedIn ? 'in' : 'out'}`, () => {
    if (signedIn) test.use({ account: accounts.admin });
    // Two page loads and two scans per test.
    test.describe.configure({ timeout: 60_000 });
    for (const route of routes) {
      test(`${route.path} has no violations at 390 and 1440 px`, async ({ page }) => {
        for (const width of [390, 1440]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(route.path);
          const heading = signedIn ? (route.whenSignedIn?.heading ?? route.heading) : route.heading;
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          if (signedIn) await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
          await expectNoAxeViolations(page);
        }
      });
    }
  });
}

test('the not-found page has no violations', async ({ page, consoleErrors }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expectNoAxeViolations(page);
  consoleErrors.length = 0;
});

test('the Solutions menu and mobile menu, open, have no violations', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Solutions' }).click();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expectNoAxeViolations(page);
});

test.describe('signed in', () => {
  test.use({ account: accounts.admin });
  test('the Profile menu and the bell, open, have no violations', async ({ page }) => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Profile' }).click();
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toBeHidden();
    }
  });
});
