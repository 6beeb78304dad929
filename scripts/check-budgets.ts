/**
 * Budget check (DESIGN.md section 5): the JavaScript each prerendered route loads for its first
 * view, counted the way a visitor pays for it: Chromium opens the built route (npm run build:local)
 * with an empty cache, nobody touches it, and every script response until the network is idle is
 * gzipped and summed, lazy chunks that load on their own included. Prints route -> KB and exits 1
 * when any route is over its budget (100 KB for marketing routes, 125 KB for the account forms).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromeFlags, chromePath } from './lib/chrome';
import {
  budgetFor,
  budgetReport,
  firstViewScriptBytes,
  FIRST_VIEW_JS_BUDGET_KB,
  FORM_ROUTE_JS_BUDGET_KB,
  overBudget,
  type BudgetRow,
  type ObservedResponse,
} from './lib/firstViewJs';
import { startPreviewServer } from './lib/preview-server';

const dist = resolve(import.meta.dirname, '..', 'dist');
const sitemap = await readFile(join(dist, 'sitemap.xml'), 'utf8').catch(() => '');
const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (match) => new URL(match[1] ?? '').pathname,
);
if (routes.length === 0) {
  console.error(
    'No prerendered routes found in dist/sitemap.xml: run `npm run build:local` first.',
  );
  process.exit(1);
}

const server = await startPreviewServer(4175);
const browser = await chromium.launch({ executablePath: chromePath(), args: chromeFlags });
const rows: BudgetRow[] = [];
try {
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
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
    await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
    const responses = (await Promise.all(bodies)).filter((response) => response !== undefined);
    const { bytes, files } = firstViewScriptBytes(responses);
    rows.push({ route, kb: bytes / 1024, files: files.length, budget: budgetFor(route) });
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}

console.log(
  `First-view JavaScript per prerendered route (gzip, every script until the network is idle; budget ${FIRST_VIEW_JS_BUDGET_KB} KB, account forms ${FORM_ROUTE_JS_BUDGET_KB} KB)`,
);
for (const line of budgetReport(rows)) console.log(line);
const over = overBudget(rows);
if (over.length > 0) {
  console.error(`${over.length} route(s) over budget.`);
  process.exit(1);
}
console.log(`All ${rows.length} routes within budget.`);
