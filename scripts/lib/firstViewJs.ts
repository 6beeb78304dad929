import { gzipSync } from 'node:zlib';

/** DESIGN.md section 5: first-view JavaScript of a marketing route, gzip. */
export const FIRST_VIEW_JS_BUDGET_KB = 100;
/**
 * The prerendered account forms (sign-in, sign-up, password reset, trial sign-up) need the form
 * library (react-hook-form and zod) to be usable at once, so they have a budget of their own.
 */
export const FORM_ROUTE_JS_BUDGET_KB = 125;
const formRoutes = new Set(['/login', '/signup', '/forgot-password', '/trial-signup']);

/** Bytes in a kB, as Vite prints sizes (and as a visitor's bill would be written). */
export const BYTES_PER_KB = 1000;

/**
 * The viewports a route is opened at: a phone and a wide desktop. A page can load different code
 * at each (parts shown only on wide screens, more of the page near the first screen), so a route
 * is charged the larger of the two.
 */
export const BUDGET_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

export function budgetFor(route: string): number {
  return formRoutes.has(route) ? FORM_ROUTE_JS_BUDGET_KB : FIRST_VIEW_JS_BUDGET_KB;
}

/** One response the browser received while a page loaded, as the budget check records it. */
export interface ObservedResponse {
  url: string;
  /** Playwright's resource type of the request: 'script', 'stylesheet', 'font', 'fetch', ... */
  resourceType: string;
  /** The response body, decoded (as the server sent it before compression). */
  body: Buffer;
}

export function gzipSize(body: Buffer | string): number {
  return gzipSync(body).length;
}

/** Script types a browser runs; anything else (JSON-LD, import maps, templates) is data. */
const executableScriptType =
  /^(|module|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/i;

/**
 * The text of every inline script of an HTML document that a browser would run (no `src`, a
 * JavaScript or module type), in document order.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const text = match[2] ?? '';
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(` ${attributes}`);
    if (!executableScriptType.test((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim())) continue;
    if (text.trim() !== '') scripts.push(text);
  }
  return scripts;
}

/**
 * The JavaScript a first view cost: every script response (module preloads and lazy chunks alike),
 * each address counted once, plus every inline script (each distinct text once), all as gzip
 * bytes.
 */
export function firstViewScriptBytes(
  responses: readonly ObservedResponse[],
  inline: readonly string[] = [],
): {
  bytes: number;
  files: string[];
  inlineScripts: number;
} {
  const sizes = new Map<string, number>();
  for (const response of responses) {
    if (response.resourceType !== 'script' || sizes.has(response.url)) continue;
    sizes.set(response.url, gzipSize(response.body));
  }
  const inlineTexts = new Set(inline.filter((text) => text.trim() !== ''));
  const inlineBytes = [...inlineTexts].reduce((sum, text) => sum + gzipSize(text), 0);
  return {
    bytes: [...sizes.values()].reduce((sum, size) => sum + size, inlineBytes),
    files: [...sizes.keys()],
    inlineScripts: inlineTexts.size,
  };
}

export function toKb(bytes: number): number {
  return bytes / BYTES_PER_KB;
}

/** One viewport's count for a route. */
export interface ViewportCount {
  width: number;
  kb: number;
  files: number;
}

export interface BudgetRow {
  route: string;
  /** One count per viewport, in BUDGET_VIEWPORTS order. */
  counts: ViewportCount[];
  budget: number;
}

/** What a route is charged: the largest of its viewports' counts. */
export function chargedKb(row: BudgetRow): number {
  return Math.max(...row.counts.map((count) => count.kb));
}

export function overBudget(rows: readonly BudgetRow[]): BudgetRow[] {
  return rows.filter((row) => chargedKb(row) > row.budget);
}

/**
 * The report's lines: route, then kB to one decimal and files at each width, and a flag on any
 * route whose larger count is over its budget.
 */
export function budgetReport(rows: readonly BudgetRow[]): string[] {
  const width = Math.max(0, ...rows.map((row) => row.route.length));
  return rows.map((row) => {
    const counts = row.counts
      .map(
        (count) =>
          `${String(count.width).padStart(4)} px ${count.kb.toFixed(1).padStart(6)} kB (${String(count.files).padStart(2)} files)`,
      )
      .join('  ');
    const charged = chargedKb(row);
    const flag = charged > row.budget ? `  OVER THE ${row.budget} kB BUDGET` : '';
    return `  ${row.route.padEnd(width)}  ${counts}${flag}`;
  });
}
