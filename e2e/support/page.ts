import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA (the NHS requirement) and axe's best practices. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Fails with each violation's rule, help text and elements. Scans once finite animations have
 * ended: a toast fading in is half transparent, and axe would measure its contrast mid-fade.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(
    results.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      targets: nodes.map((node) => node.target),
    })),
  ).toEqual([]);
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
