import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  budgetFor,
  budgetReport,
  firstViewScriptBytes,
  overBudget,
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
});

describe('budgets', () => {
  it('gives the account forms 125 KB and every other route 100 KB', () => {
    expect(budgetFor('/login')).toBe(125);
    expect(budgetFor('/trial-signup')).toBe(125);
    expect(budgetFor('/')).toBe(100);
    expect(budgetFor('/modules/dementia')).toBe(100);
  });

  it('flags the routes over their budget, and only those', () => {
    const rows = [
      { route: '/', kb: 101.2, files: 12, budget: 100 },
      { route: '/login', kb: 124.9, files: 20, budget: 125 },
    ];
    expect(overBudget(rows).map((row) => row.route)).toEqual(['/']);
    expect(budgetReport(rows)).toEqual([
      '  /' + ' '.repeat(8) + '101.2 KB  (12 files)  OVER THE 100 KB BUDGET',
      '  /login   124.9 KB  (20 files)',
    ]);
  });
});
