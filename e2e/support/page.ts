import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { totpCode } from '@revolve/local-backend/testing';
import { signedInStorageState } from './backend';

/** WCAG 2.2 AA (the NHS requirement) and axe's best practices. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Fails with each violation's rule, help text and elements. Scans once finite animations have
 * ended: a toast fading in is half transparent, and axe would measure its contrast mid-fade.
 * Legacy mode runs axe once in the page instead of in every frame and then again in a blank page
 * it opens to merge the frames' results: that halves a scan, and the only frames are the player
 * and video hosts' pages, other origins whose content is not ours (the iframe elements themselves,
 * their titles among them, are still checked).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await animationsEnded(page);
  const results = await new AxeBuilder({ page })
    .withTags(wcagTags)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  expect(
    results.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      targets: nodes.map((node) => node.target),
    })),
  ).toEqual([]);
}

/** No axe violation at a phone's width (390 px) nor at a desktop's (1440 px), as the page stands. */
export async function expectNoAxeViolationsAtBothWidths(page: Page): Promise<void> {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
}

/**
 * A toast on the page whose title is exactly `title` (case-sensitive, the title's whole text) and,
 * when given, whose description is exactly `description` (or matches it, for a RegExp).
 */
export function toast(page: Page, title: string, description?: string | RegExp) {
  // Sonner renders each toast as an <li data-sonner-toast> holding [data-title] and [data-description].
  const exactly = (part: 'title' | 'description', text: string | RegExp) =>
    page
      .locator(`[data-${part}]`)
      .and(typeof text === 'string' ? page.getByText(text, { exact: true }) : page.getByText(text));
  const found = page.locator('[data-sonner-toast]').filter({ has: exactly('title', title) });
  return description === undefined
    ? found
    : found.filter({ has: exactly('description', description) });
}

/** Resolves once every finite animation (a toast sliding in, a stack expanding) has ended. */
export async function animationsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Resolves when the page's realtime channel for the user has been joined. */
export async function channelJoined(page: Page, userId: string): Promise<void> {
  const socket = await page.waitForEvent('websocket');
  await socket.waitForEvent('framereceived', {
    predicate: ({ payload }) =>
      typeof payload === 'string' &&
      payload.includes(`realtime:notifications:${userId}`) &&
      payload.includes('phx_reply') &&
      payload.includes('"status":"ok"'),
  });
}

/**
 * On /account/security: sets up an authenticator app as a person who cannot scan the QR code does,
 * typing the setup key the page shows into the app (here: computing the code from it).
 */
export async function setUpAuthenticatorApp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const panel = page.getByRole('region', { name: 'Set up your authenticator app' });
  const shownKey = await panel.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent();
  await panel
    .getByRole('textbox', { name: 'Code from the app' })
    .fill(totpCode((shownKey ?? '').replaceAll(' ', '')));
  await panel.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
}

/**
 * Signs the test's page in as an account made by the test (a later call switches accounts): the
 * session is written into the site's storage before its code runs, and only the site's frame's.
 */
export async function signedInAs(page: Page, email: string, password: string): Promise<void> {
  const { origins } = await signedInStorageState(email, password);
  await page.addInitScript(
    ({ origin, entries }) => {
      if (window.location.origin !== origin) return;
      for (const { name, value } of entries) window.localStorage.setItem(name, value);
    },
    { origin: origins[0]?.origin ?? '', entries: origins[0]?.localStorage ?? [] },
  );
}
