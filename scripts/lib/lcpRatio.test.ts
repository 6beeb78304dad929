import { describe, expect, it } from 'vitest';
import {
  lcpRatio,
  lcpRatioFailure,
  LIGHTHOUSE_RUNS,
  median,
  medianLcpRatio,
  withoutScripts,
} from './lcpRatio';

const page = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Revolve</title>
    <template data-app-chunks>
      <link rel="modulepreload" crossorigin href="/assets/app-1.js">
      <link rel="modulepreload" crossorigin href="/assets/HomePage-2.js">
    </template>
    <link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/font-3.woff2">
    <script type="module" crossorigin src="/assets/index-4.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-5.css">
  </head>
  <body><div id="root"><h1>Immersive VR Training</h1></div></body>
</html>`;

describe('withoutScripts', () => {
  it('removes every script and module preload and keeps the rest of the page', () => {
    const floor = withoutScripts(page);
    expect(floor).not.toMatch(/<script|modulepreload|\.js"/);
    expect(floor).toContain('<link rel="stylesheet" crossorigin href="/assets/style-5.css">');
    expect(floor).toContain('rel="preload" as="font"');
    expect(floor).toContain('<h1>Immersive VR Training</h1>');
    expect(floor).toContain('<title>Revolve</title>');
  });

  it('leaves a page without scripts as it is', () => {
    const plain = '<html><head><title>x</title></head><body><p>Hello</p></body></html>';
    expect(withoutScripts(plain)).toBe(plain);
  });
});

describe('lcpRatio', () => {
  it("is the page's LCP over its floor's, to two decimals", () => {
    expect(lcpRatio(1430, 900)).toBe(1.59);
    expect(lcpRatio(900, 900)).toBe(1);
    expect(lcpRatio(985, 900)).toBe(1.09);
  });

  it('refuses a floor that was not measured', () => {
    expect(() => lcpRatio(1000, 0)).toThrow();
    expect(() => lcpRatio(1000, Number.NaN)).toThrow();
  });

  it('fails a route only over 1.05x', () => {
    expect(lcpRatioFailure('/', 1.05)).toBeUndefined();
    expect(lcpRatioFailure('/', 1.06)).toBe(
      '/ LCP 1.06x its no-JavaScript floor (median of 3 runs) > 1.05x',
    );
  });
});

describe('median', () => {
  it('is the middle value of an odd count and the mean of the middle two of an even one', () => {
    expect(median([1.18, 1.02, 1.06])).toBe(1.06);
    expect(median([3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses no values', () => {
    expect(() => median([])).toThrow();
  });
});

describe('medianLcpRatio', () => {
  it('compares each run with its own floor and takes the median of the ratios', () => {
    // Ratios 1.2, 1.0 and 1.03: one slow run does not decide the result.
    const runs = [
      { pageLcpMs: 1200, floorLcpMs: 1000 },
      { pageLcpMs: 900, floorLcpMs: 900 },
      { pageLcpMs: 1030, floorLcpMs: 1000 },
    ];
    expect(medianLcpRatio(runs)).toBe(1.03);
    expect(LIGHTHOUSE_RUNS).toBe(3);
  });
});
