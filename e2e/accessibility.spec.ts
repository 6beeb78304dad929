import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/page';
import { routeExpectations, type RouteExpectation } from './routes';
import { accounts } from './support/backend';

const signedOutRoutes = routeExpectations.filter((route) => !route.access);
// Signed in, a public page differs from what a visitor sees only in its header, unless it is
// personal or sends the user on: those, and the protected pages, are scanned at both widths; the
// others are loaded once to see that they render (the signed-in header is scanned on the rest).
const differsSignedIn = (route: RouteExpectation) =>
  Boolean(route.access || route.personal || route.whenSignedIn);

async function expectRendered(page: Page, expected: Pick<RouteExpectation, 'path' | 'heading'>) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
  await expect(page).toHaveURL(expected.path);
  await expect(page).toHaveTitle(/\| Revolve$/);
  await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
}

// Every route of the route table renders its page and axe finds nothing, at both widths: signed out
// (the protected ones are tested in e2e/routes.spec.ts) and signed in as an admin (where the sign-in
// pages send a signed-in visitor on). One context and one sign-in serve the two visits.
for (const { signedIn, routes } of [
  { signedIn: false, routes: signedOutRoutes },
  { signedIn: true, routes: routeExpectations.filter(differsSignedIn) },
]) {
  test.describe(`every route, signed ${signedIn ? 'in as an admin' : 'out'}`, () => {
    if (signedIn) test.use({ account: accounts.admin });
    // Two page loads and two scans per test.
    test.describe.configure({ timeout: 60_000 });
    for (const route of routes) {
      test(`${route.path} renders with no axe violations at 390 and 1440 px`, async ({ page }) => {
        const expected = (signedIn ? route.whenSignedIn : undefined) ?? route;
        for (const width of [390, 1440]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(route.path);
          await expectRendered(page, expected);
          if (signedIn) await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
          await expectNoAxeViolations(page);
        }
      });
    }
  });
}

test.describe('the other public routes, signed in as an admin', () => {
  test.use({ account: accounts.admin, viewport: { width: 390, height: 900 } });
  for (const route of signedOutRoutes.filter((candidate) => !differsSignedIn(candidate))) {
    test(`${route.path} renders with the signed-in header`, async ({ page }) => {
      await page.goto(route.path);
      await expectRendered(page, route);
      await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
    });
  }
});

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
