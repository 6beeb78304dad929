import type { SitePlaceholder } from '../../src/content/site';

/**
 * Why a production build must not run: each company detail still a placeholder, with what should
 * replace it. Null when there are none.
 */
export function placeholderReport(placeholders: readonly SitePlaceholder[]): string | null {
  if (placeholders.length === 0) return null;
  const lines = placeholders.map(
    ({ value, missing }) => `  - ${JSON.stringify(value)}: ${missing}`,
  );
  return [
    `The production build stops: ${placeholders.length} company details in src/content/site.ts are placeholders.`,
    ...lines,
    'Replace each value and remove its entry from sitePlaceholders; `npm run build:local` builds with them for tests.',
  ].join('\n');
}
