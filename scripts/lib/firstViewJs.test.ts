import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  budgetFor,
  budgetReport,
  BUDGET_VIEWPORTS,
  chargedKb,
  firstViewScriptBytes,
  inlineScripts,
  overBudget,
  toKb,
  type BudgetRow,
  type ObservedResponse,
} from './firstViewJs';

const script = (url: string, text: string): ObservedResponse => ({
  url,
  resourceType: 'script',
  body: Buffer.from(text),
});
const gz = (text: string) => gzipSync(Buffer.from(text)).length;

describe('firstViewScriptBytes', () => {
  it('sums the gzip size of every script response, lazy chunks included', () => {
    const entry = 'export const a = 1;'.repeat(40);
    const lazy = 'console.log("carousel");'.repeat(20);
    const { bytes, files } = firstViewScriptBytes([
      script('http://localhost/assets/index.js', entry),
      script('http://localhost/assets/LogoCarousel.js', lazy),
    ]);
    expect(bytes).toBe(gz(entry) + gz(lazy));
    expect(files).toEqual([
      'http://localhost/assets/index.js',
      'http://localhost/assets/LogoCarousel.js',
    ]);
  });

  it('counts an address once and leaves out everything that is not a script', () => {
    const entry = 'export const a = 1;';
    const { bytes, files } = firstViewScriptBytes([
      script('http://localhost/assets/index.js', entry),
      script('http://localhost/assets/index.js', entry),
      {
        url: 'http://localhost/assets/style.css',
        resourceType: 'stylesheet',
        body: Buffer.from('a{}'),
      },
      {
        url: 'http://localhost/assets/font.woff2',
        resourceType: 'font',
        body: Buffer.alloc(30_000),
      },
      { url: 'http://localhost/', resourceType: 'document', body: Buffer.from('<html></html>') },
    ]);
    expect(files).toEqual(['http://localhost/assets/index.js']);
    expect(bytes).toBe(gz(entry));
  });

  it('adds each inline script, gzipped on its own, and each distinct text once', () => {
    const entry = 'export const a = 1;'.repeat(10);
    const inline = 'window.dataLayer = window.dataLayer || [];'.repeat(5);
    const other = 'document.documentElement.className += " js";';
    const { bytes, inlineScripts: counted } = firstViewScriptBytes(
      [script('http://localhost/assets/index.js', entry)],
      [inline, inline, other, '  \n '],
    );
    expect(counted).toBe(2);
    expect(bytes).toBe(gz(entry) + gz(inline) + gz(other));
  });
});

describe('inlineScripts', () => {
  it('finds the inline scripts a browser runs, classic and module, and nothing else', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index.js"></script>
      <script>var classic = 1;</script>
      <script type="module">import "/assets/x.js";</script>
      <script type='text/javascript'>var typed = 2;</script>
      <script type="application/ld+json">{"@type":"Organization"}</script>
      <script type="importmap">{"imports":{}}</script>
      <script src=/assets/bare.js></script>
      <script></script>
      </head><body><SCRIPT>var upper = 3;</SCRIPT></body></html>`;
    expect(inlineScripts(html)).toEqual([
      'var classic = 1;',
      'import "/assets/x.js";',
      'var typed = 2;',
      'var upper = 3;',
    ]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScripts('<html><head><title>x</title></head><body></body></html>')).toEqual([]);
  });
});

describe('kB', () => {
  it('is 1,000 bytes, as Vite prints sizes', () => {
    expect(toKb(100_700)).toBeCloseTo(100.7);
    expect(toKb(1024)).toBeCloseTo(1.024);
  });
});

describe('budgets', () => {
  const row = (route: string, phone: number, desktop: number, budget = 100): BudgetRow => ({
    route,
    counts: [
      { width: 390, kb: phone, files: 12 },
      { width: 1440, kb: desktop, files: 14 },
    ],
    budget,
  });

  it('opens every route on a phone and on a wide desktop', () => {
    expect(BUDGET_VIEWPORTS.map((viewport) => viewport.width)).toEqual([390, 1440]);
  });

  it('gives the account forms 125 kB and every other route 100 kB', () => {
    expect(budgetFor('/login')).toBe(125);
    expect(budgetFor('/trial-signup')).toBe(125);
    expect(budgetFor('/')).toBe(100);
    expect(budgetFor('/modules/dementia')).toBe(100);
  });

  it('charges a route the larger of its two counts', () => {
    expect(chargedKb(row('/', 97.1, 100.4))).toBe(100.4);
    expect(chargedKb(row('/', 99.2, 96))).toBe(99.2);
  });

  it('flags a route over its budget at either width, and only those', () => {
    const rows = [
      row('/', 96.5, 100.2),
      row('/about', 100.1, 95),
      row('/login', 124.9, 124.9, 125),
      row('/studio', 100, 100),
    ];
    expect(overBudget(rows).map((over) => over.route)).toEqual(['/', '/about']);
    expect(budgetReport(rows)).toEqual([
      '  /         390 px   96.5 kB (12 files)  1440 px  100.2 kB (14 files)  OVER THE 100 kB BUDGET',
      '  /about    390 px  100.1 kB (12 files)  1440 px   95.0 kB (14 files)  OVER THE 100 kB BUDGET',
      '  /login    390 px  124.9 kB (12 files)  1440 px  124.9 kB (14 files)',
      '  /studio   390 px  100.0 kB (12 files)  1440 px  100.0 kB (14 files)',
    ]);
  });
});
