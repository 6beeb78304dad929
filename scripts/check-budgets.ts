/**
 * Budget check (DESIGN.md section 5): the JavaScript a marketing route loads for its first view is
 * at most 100 KB gzip. The prerendered account forms (sign-in, sign-up, password reset, trial
 * sign-up) are not marketing pages and need the form library (react-hook-form + zod/mini, about
 * 21 KB) to be usable at once, so they have their own, still prerendered, budget of 125 KB; their
 * Lighthouse score is held to the same 95 (scripts/lighthouse.ts checks /login). It reads the built HTML of every prerendered route, follows the scripts and
 * module preloads it names through the Vite manifest (so a static import the HTML forgot still
 * counts), gzips each file and prints route -> KB. Exits 1 when any route is over.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';

export const FIRST_VIEW_JS_BUDGET_KB = 100;
export const FORM_ROUTE_JS_BUDGET_KB = 125;
const formRoutes = new Set(['/login', '/signup', '/forgot-password', '/trial-signup']);
const budgetFor = (route: string) =>
  formRoutes.has(route) ? FORM_ROUTE_JS_BUDGET_KB : FIRST_VIEW_JS_BUDGET_KB;

const dist = resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(
  await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;
const chunkByFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const sitemap = await readFile(join(dist, 'sitemap.xml'), 'utf8');
const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (match) => new URL(match[1] ?? '').pathname,
);

const gzipSizes = new Map<string, number>();
async function gzipSize(file: string): Promise<number> {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, gzipSync(await readFile(join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file) ?? 0;
}

function withStaticImports(files: string[]): Set<string> {
  const result = new Set<string>();
  const visit = (file: string) => {
    if (result.has(file)) return;
    result.add(file);
    for (const key of chunkByFile.get(file)?.imports ?? []) {
      const imported = manifest[key]?.file;
      if (imported) visit(imported);
    }
  };
  files.forEach(visit);
  return result;
}

const rows: { route: string; kb: number; files: number; budget: number }[] = [];
for (const route of routes) {
  const html = await readFile(join(dist, route, 'index.html'), 'utf8');
  const named = [
    ...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  const files = withStaticImports(named);
  let bytes = 0;
  for (const file of files) bytes += await gzipSize(file);
  rows.push({ route, kb: bytes / 1024, files: files.size, budget: budgetFor(route) });
}

const width = Math.max(...rows.map((row) => row.route.length));
console.log(
  `First-view JavaScript per prerendered route (gzip; budget ${FIRST_VIEW_JS_BUDGET_KB} KB, account forms ${FORM_ROUTE_JS_BUDGET_KB} KB)`,
);
for (const row of rows) {
  const flag = row.kb > row.budget ? `  OVER THE ${row.budget} KB BUDGET` : '';
  console.log(
    `  ${row.route.padEnd(width)}  ${row.kb.toFixed(1).padStart(6)} KB  (${row.files} files)${flag}`,
  );
}
const over = rows.filter((row) => row.kb > row.budget);
if (rows.length === 0) {
  console.error('No prerendered routes found in dist/sitemap.xml: run the build first.');
  process.exit(1);
}
if (over.length > 0) {
  console.error(`${over.length} route(s) over budget.`);
  process.exit(1);
}
console.log(`All ${rows.length} routes within budget.`);
