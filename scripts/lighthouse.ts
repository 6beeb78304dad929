/**
 * Lighthouse (mobile preset, default throttling) on the built site, against the DESIGN.md section 5
 * thresholds. Prints the four category scores per route and exits 1 when any is under.
 * Run through `npm run lighthouse`, which builds first.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromePath } from './lib/chrome';
import { startPreviewServer } from './lib/preview-server';

const routes = ['/', '/training-library', '/modules/dementia', '/login'];
const thresholds = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
} as const;
type Category = keyof typeof thresholds;

// The site URL the build used is localhost:4173, so canonical links match the audited origin.
const server = await startPreviewServer(4173);
const chrome = await chromeLauncher.launch({
  chromePath: chromePath(),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
  ],
});

const failures: string[] = [];
try {
  console.log('Lighthouse (mobile)        perf  a11y  best   seo');
  for (const route of routes) {
    const result = await lighthouse(`${server.origin}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(thresholds),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const scores = Object.fromEntries(
      (Object.keys(thresholds) as Category[]).map((category) => [
        category,
        Math.round((result.lhr.categories[category]?.score ?? 0) * 100),
      ]),
    ) as Record<Category, number>;
    const metric = (id: string) => result.lhr.audits[id]?.displayValue ?? '?';
    console.log(
      `  ${route.padEnd(24)} ${(Object.keys(thresholds) as Category[]).map((category) => String(scores[category]).padStart(5)).join(' ')}` +
        `   FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    );
    for (const category of Object.keys(thresholds) as Category[]) {
      if (scores[category] < thresholds[category]) {
        const failed = Object.values(result.lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
          )
          .filter((audit) =>
            result.lhr.categories[category]?.auditRefs.some(
              (ref) => ref.id === audit.id && ref.weight > 0,
            ),
          )
          .map((audit) => audit.id);
        failures.push(
          `${route} ${category} ${scores[category]} < ${thresholds[category]} (${failed.join(', ')})`,
        );
      }
    }
  }
} finally {
  chrome.kill();
  server.stop();
}

if (failures.length > 0) {
  console.error(`\nUnder threshold:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  '\nAll routes meet the thresholds (performance 95, accessibility 100, best practices 100, SEO 100).',
);
