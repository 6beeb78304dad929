import type { Page } from '@playwright/test';
import { expect, expectFailedRequests, test } from './fixtures';
import { toast } from './support/page';
import { accounts } from './support/backend';

/**
 * The site runs under the Content-Security-Policy the host will send (scripts/lib/hosting.ts, applied
 * by the local server): no inline style attributes, no inline script. These pages show what styles
 * the page at run time (the toaster, the dialogs and menus that lock scrolling, popovers, the
 * carousel), and any violation the browser reports fails the test.
 */

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

async function recordViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      }),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
}

test('the policy forbids inline style attributes and inline script, and keeps HSTS', async ({
  request,
}) => {
  const headers = (await request.get('/')).headers();
  const policy = headers['content-security-policy'] ?? '';
  const directives = new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
  expect(directives.get('style-src-attr')).toBe("'none'");
  // Radix's scroll lock and sonner write <style> elements (scripts/lib/hosting.ts says why).
  expect(directives.get('style-src-elem')).toBe("'self' 'unsafe-inline'");
  // Besides the site's own, only the account forms' captcha script (the test build's is the local
  // backend's stand-in, on the backend's origin).
  const backend = directives.get('connect-src')?.split(' ')[1] ?? '';
  expect(directives.get('script-src')).toBe(`'self' ${backend}`);
  expect(directives.get('frame-src')).toContain(backend);
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
});

test('the home page and its carousel run without a violation', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Immersive VR Training');
  // The carousel library has taken over from the static row once its controls show.
  const next = page.getByRole('button', { name: 'Next logos' });
  await next.scrollIntoViewIfNeeded();
  await next.click();
  expect(await violations()).toEqual([]);
});

test('a toast shows, styled, without a violation', async ({ page, consoleErrors }) => {
  const violations = await recordViolations(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const shown = toast(page, 'Sign in failed', 'Invalid login credentials');
  await expect(shown).toBeVisible();
  // The toaster's own stylesheet applies: a toast is a fixed card, not a bare list item.
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
  await expect(shown).toHaveCSS('position', 'absolute');
  expect(await violations()).toEqual([]);
  expectFailedRequests(consoleErrors, [400]);
});

test.describe('signed in as an admin', () => {
  test.use({ account: accounts.admin });

  test('the Profile menu, the notifications panel and a dialog run without a violation', async ({
    page,
  }) => {
    const violations = await recordViolations(page);
    await page.goto('/admin/access-codes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Codes', {
      timeout: 15_000,
    });

    await page.getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // A seeded organisation (supabase/seed.sql).
    await page.getByLabel('Organisation').selectOption({ label: 'Riverside Care Trust' });
    await page.getByRole('button', { name: 'Create code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Access code created' });
    await expect(dialog).toBeVisible();
    // Page scrolling is locked behind the dialog.
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Access Code Created')).toBeVisible();

    expect(await violations()).toEqual([]);
  });
});
