/** DESIGN.md section 5: a page's simulated LCP is at most this many times its no-JavaScript floor. */
export const LCP_RATIO_LIMIT = 1.1;

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

export function lcpRatioFailure(route: string, ratio: number): string | undefined {
  return ratio > LCP_RATIO_LIMIT
    ? `${route} LCP ${ratio.toFixed(2)}x its no-JavaScript floor > ${LCP_RATIO_LIMIT}x`
    : undefined;
}
