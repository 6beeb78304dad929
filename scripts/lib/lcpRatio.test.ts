import { describe, expect, it } from 'vitest';
import { lcpRatio, lcpRatioFailure, withoutScripts } from './lcpRatio';

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

  it('fails a route only over 1.1x', () => {
    expect(lcpRatioFailure('/', 1.1)).toBeUndefined();
    expect(lcpRatioFailure('/', 1.11)).toBe('/ LCP 1.11x its no-JavaScript floor > 1.1x');
  });
});
