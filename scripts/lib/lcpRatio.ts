/**
 * A page's simulated LCP is at most this many times its no-JavaScript floor (the issue's target,
 * tighter than DESIGN.md section 5's 1.1x).
 */
export const LCP_RATIO_LIMIT = 1.05;

/**
 * Lighthouse runs per route: its simulated LCP moves between runs (the observed trace it starts
 * from differs), so each figure is the median of this many runs.
 */
export const LIGHTHOUSE_RUNS = 3;

/**
 * The same prerendered page without its JavaScript: every <script> element and every module
 * preload removed (those in the entry's deferred template included), everything else untouched.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>\s*/gi, '');
}

/** How many times the page's simulated LCP is its floor's, to two decimals. */
export function lcpRatio(pageLcpMs: number, floorLcpMs: number): number {
  if (!(floorLcpMs > 0)) throw new Error(`The floor's LCP must be positive, not ${floorLcpMs}`);
  return Math.round((pageLcpMs / floorLcpMs) * 100) / 100;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('The median of no values is undefined');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * A route's ratio over several runs: each run's page is compared with the floor measured right
 * after it (the same machine load), and the median of those ratios is what counts.
 */
export function medianLcpRatio(runs: readonly { pageLcpMs: number; floorLcpMs: number }[]): number {
  return median(runs.map((run) => lcpRatio(run.pageLcpMs, run.floorLcpMs)));
}

export function lcpRatioFailure(route: string, ratio: number): string | undefined {
  return ratio > LCP_RATIO_LIMIT
    ? `${route} LCP ${ratio.toFixed(2)}x its no-JavaScript floor (median of ${LIGHTHOUSE_RUNS} runs) > ${LCP_RATIO_LIMIT}x`
    : undefined;
}
