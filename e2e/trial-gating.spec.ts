import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { playerBase } from './support/backend';
import { TRIAL_MARKER_KEY } from '../src/lib/trialMarker';

/**
 * Start-training gating on non-module pages (SPEC.md section 2). No page outside /modules/... has a
 * Start Training control today, so these tests add a heading and a control to a real page, outside
 * the React root and ahead of it, so that the heading is the page's first; the click is then handled
 * by the app's own listener.
 */

const day = 24 * 60 * 60 * 1000;

test.beforeEach(async ({ page }) => {
  // The sample player may not be running beside this suite: answer its address from here.
  await page.route(`${playerBase}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Player</title><p>Sample player</p>',
    }),
  );
});

/** Opens `path` once the app has hydrated (its click listener is installed then). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

async function addStartTraining(
  page: Page,
  { heading, control, href }: { heading: string; control: 'link' | 'button'; href?: string },
): Promise<void> {
  await page.evaluate(
    ({ heading, control, href }) => {
      const section = document.createElement('section');
      const title = document.createElement('h2');
      title.textContent = heading;
      const start = document.createElement(control === 'link' ? 'a' : 'button');
      // Nested, as a real control's icon and label are: the click lands on the inner element.
      const label = document.createElement('span');
      label.textContent = 'Start training';
      start.append(label);
      if (start instanceof HTMLAnchorElement && href) start.href = href;
      if (start instanceof HTMLButtonElement) {
        start.type = 'button';
        start.addEventListener('click', () => start.setAttribute('data-pressed', 'true'));
      }
      section.append(title, start);
      document.body.prepend(section);
    },
    { heading, control, href },
  );
}

async function storeMarker(page: Page, exp: number): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    TRIAL_MARKER_KEY,
    JSON.stringify({ exp }),
  ] as const);
}

test('without a trial marker, Start Training goes to the trial sign-up', async ({ page }) => {
  await open(page, '/about');
  await addStartTraining(page, {
    heading: 'Home Visits',
    control: 'link',
    href: '/unlock/home-visits',
  });
  await page.getByRole('link', { name: 'Start training' }).click();
  await expect(page).toHaveURL('/trial-signup');
});

test('with an expired trial marker, Start Training goes to the trial sign-up', async ({ page }) => {
  await open(page, '/insights');
  await addStartTraining(page, { heading: 'Dementia', control: 'button' });
  await storeMarker(page, Date.now() - day);
  await page.getByRole('button', { name: 'Start training' }).click();
  await expect(page).toHaveURL('/trial-signup');
  await expect(page.getByRole('button', { name: 'Start training' })).not.toHaveAttribute(
    'data-pressed',
  );
});

test('with a valid trial marker, Home Visits opens its training directly', async ({ page }) => {
  await open(page, '/about');
  await addStartTraining(page, {
    heading: 'Home Visits Training Module',
    control: 'link',
    href: '/unlock/home-visits',
  });
  await storeMarker(page, Date.now() + 10 * day);
  await page.getByRole('link', { name: 'Start training' }).click();
  await expect(page).toHaveURL(`${playerBase}/hom/`);
});

test.describe('with a valid trial marker, another module is not intercepted', () => {
  test('a link goes where it points', async ({ page }) => {
    await open(page, '/about');
    await addStartTraining(page, { heading: 'Dementia', control: 'link', href: '/contact' });
    await storeMarker(page, Date.now() + 10 * day);
    await page.getByRole('link', { name: 'Start training' }).click();
    await expect(page).toHaveURL('/contact');
  });

  test("a button's own handler runs", async ({ page }) => {
    await open(page, '/about');
    await addStartTraining(page, { heading: "Women's Health", control: 'button' });
    await storeMarker(page, Date.now() + 10 * day);
    const start = page.getByRole('button', { name: 'Start training' });
    await start.click();
    await expect(start).toHaveAttribute('data-pressed', 'true');
    await expect(page).toHaveURL('/about');
  });
});

test("a module page's Start Training is not gated: it goes to the unlock page as before", async ({
  page,
}) => {
  await open(page, '/modules/dementia');
  await page.getByRole('link', { name: 'Start Training' }).click();
  // Signed out, the unlock page sends the visitor to sign in first, and back after.
  await expect(page).toHaveURL('/login?return_to=%2Funlock%2Fdementia');
});
