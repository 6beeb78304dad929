import { gzipSync } from 'node:zlib';

/** DESIGN.md section 5: first-view JavaScript of a marketing route, gzip. */
export const FIRST_VIEW_JS_BUDGET_KB = 100;
/**
 * The prerendered account forms (sign-in, sign-up, password reset, trial sign-up) need the form
 * library (react-hook-form and zod) to be usable at once, so they have a budget of their own.
 */
export const FORM_ROUTE_JS_BUDGET_KB = 125;
const formRoutes = new Set(['/login', '/signup', '/forgot-password', '/trial-signup']);

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

export function gzipSize(body: Buffer): number {
  return gzipSync(body).length;
}

/**
 * The JavaScript a first view cost: every script response (module preloads and lazy chunks alike),
 * each address counted once, as gzip bytes.
 */
export function firstViewScriptBytes(responses: readonly ObservedResponse[]): {
  bytes: number;
  files: string[];
} {
  const sizes = new Map<string, number>();
  for (const response of responses) {
    if (response.resourceType !== 'script' || sizes.has(response.url)) continue;
    sizes.set(response.url, gzipSize(response.body));
  }
  return {
    bytes: [...sizes.values()].reduce((sum, size) => sum + size, 0),
    files: [...sizes.keys()],
  };
}

export interface BudgetRow {
  route: string;
  kb: number;
  files: number;
  budget: number;
}

export function overBudget(rows: readonly BudgetRow[]): BudgetRow[] {
  return rows.filter((row) => row.kb > row.budget);
}

/** The report's lines: route, KB to one decimal, files, and a flag on any route over its budget. */
export function budgetReport(rows: readonly BudgetRow[]): string[] {
  const width = Math.max(0, ...rows.map((row) => row.route.length));
  return rows.map((row) => {
    const flag = row.kb > row.budget ? `  OVER THE ${row.budget} KB BUDGET` : '';
    return `  ${row.route.padEnd(width)}  ${row.kb.toFixed(1).padStart(6)} KB  (${row.files} files)${flag}`;
  });
}
