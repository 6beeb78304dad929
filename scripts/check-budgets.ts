/**
 * Budget check (DESIGN.md section 5): the JavaScript each prerendered route loads for its first
 * view, counted the way a visitor pays for it: Chromium opens the built route (npm run build:local)
 * with an empty cache at 390 px and at 1440 px, nobody touches it, and every script response until
 * the network is idle, plus every inline script, is gzipped and summed, lazy chunks that load on
 * their own included. kB are 1,000 bytes, as Vite prints them. Prints both widths per route and
 * exits 1 when the larger is over the route's budget (100 kB for marketing routes, 125 kB for the
 * account forms).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromeFlags, testBrowserPath } from './lib/chrome';
import {
  budgetFor,
  budgetReport,
  BUDGET_VIEWPORTS,
  firstViewScriptBytes,
  gzipSize,
  inlineScripts,
  FIRST_VIEW_JS_BUDGET_KB,
  FORM_ROUTE_JS_BUDGET_KB,
  overBudget,
  toKb,
  type BudgetRow,
  type ObservedResponse,
  type ViewportCount,
} from './lib/firstViewJs';
import { startPreviewServer } from './lib/preview-server';

// --only takes comma-separated paths; --files lists each count's scripts (to see what a width adds).
const { values: args } = parseArgs({
  options: { only: { type: 'string' }, files: { type: 'boolean', default: false } },
});
const only = args.only?.split(',').filter(Boolean);

const dist = resolve(import.meta.dirname, '..', 'dist');
const sitemap = await readFile(join(dist, 'sitemap.xml'), 'utf8').catch(() => '');
const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map((match) => new URL(match[1] ?? '').pathname)
  .filter((route) => !only || only.includes(route));
if (routes.length === 0) {
  console.error(
    'No prerendered routes found in dist/sitemap.xml: run `npm run build:local` first.',
  );
  process.exit(1);
}

const server = await startPreviewServer();
const browser = await chromium.launch({ executablePath: testBrowserPath(), args: chromeFlags });
/** Loads `route` at `viewport` with an empty cache and counts its first-view JavaScript. */
async function measure(route: string, viewport: (typeof BUDGET_VIEWPORTS)[number]) {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const bodies: Promise<ObservedResponse | undefined>[] = [];
    page.on('response', (response) => {
      const url = response.url();
      const resourceType = response.request().resourceType();
      bodies.push(
        response.body().then(
          (body) => ({ url, resourceType, body }),
          () => undefined,
        ),
      );
    });
    let inFlight = 0;
    let lastActivity = Date.now();
    const activity = (change: number) => () => {
      inFlight += change;
      lastActivity = Date.now();
    };
    page.on('request', activity(1));
    page.on('requestfinished', activity(-1));
    page.on('requestfailed', activity(-1));
    await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
    // The app starts after the load event: wait for it (prerendered pages mark the document),
    // then for the network to be quiet for 500 ms again, so that nothing it loads on its own is
    // missed however late it starts.
    await page
      .locator('html[data-app-started]')
      .waitFor({ state: 'attached', timeout: 10_000 })
      .catch(() => undefined);
    while (inFlight > 0 || Date.now() - lastActivity < 500) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Inline scripts as the HTML delivered them, and any the page inserted itself.
    const inserted = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map((script) => script.outerHTML),
    );
    const responses = (await Promise.all(bodies)).filter((response) => response !== undefined);
    const documentHtml = responses
      .filter((response) => response.resourceType === 'document')
      .map((response) => response.body.toString('utf8'))
      .join('\n');
    const {
      bytes,
      files,
      inlineScripts: inlineCount,
    } = firstViewScriptBytes(responses, [
      ...inlineScripts(documentHtml),
      ...inlineScripts(inserted.join('\n')),
    ]);
    const listing = files.map((file) => {
      const body = responses.find((response) => response.url === file)?.body;
      const kb = body ? toKb(gzipSize(body)).toFixed(1) : '?';
      return `  ${kb.padStart(6)} kB  ${new URL(file).pathname}`;
    });
    const count: ViewportCount = {
      width: viewport.width,
      kb: toKb(bytes),
      files: files.length + inlineCount,
    };
    return { route, count, listing };
  } finally {
    await context.close();
  }
}

// Most of a load is the wait for a quiet network, so several pages load at once: each in its own
// context with its own empty cache, and what is counted is bytes, which sharing the machine does
// not change.
const SIDE_BY_SIDE = 4;
const jobs = routes.flatMap((route) => BUDGET_VIEWPORTS.map((viewport) => ({ route, viewport })));
const measured: Awaited<ReturnType<typeof measure>>[] = [];
try {
  // The lanes share one iterator, so each job is taken by exactly one of them.
  const queue = jobs.values();
  await Promise.all(
    Array.from({ length: SIDE_BY_SIDE }, async () => {
      for (const { route, viewport } of queue) measured.push(await measure(route, viewport));
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}

const rows: BudgetRow[] = routes.map((route) => {
  const views = BUDGET_VIEWPORTS.flatMap((viewport) =>
    measured.filter((view) => view.route === route && view.count.width === viewport.width),
  );
  if (args.files) {
    for (const { count, listing } of views) {
      console.log(
        [`${route} at ${count.width} px: ${count.kb.toFixed(1)} kB`, ...listing].join('\n'),
      );
    }
  }
  return { route, counts: views.map((view) => view.count), budget: budgetFor(route) };
});

console.log(
  `First-view JavaScript per prerendered route (gzip, 1 kB = 1,000 bytes, every script until the network is idle and every inline script, at ${BUDGET_VIEWPORTS.map((viewport) => `${viewport.width} px`).join(' and ')}; the larger counts; budget ${FIRST_VIEW_JS_BUDGET_KB} kB, account forms ${FORM_ROUTE_JS_BUDGET_KB} kB)`,
);
for (const line of budgetReport(rows)) console.log(line);
const over = overBudget(rows);
if (over.length > 0) {
  console.error(`${over.length} route(s) over budget.`);
  process.exit(1);
}
console.log(`All ${rows.length} routes within budget.`);
