import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnTo } from './returnTo';

const origin = 'https://www.revolve.test';

describe('safeReturnTo', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/modules/trial/dementia?from=email#start', '/modules/trial/dementia?from=email#start'],
    ['/', '/'],
    ['/./dashboard', '/dashboard'],
  ])('keeps the site path %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['dashboard'],
    ['https://evil.example/phish'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    // Dot segments that resolve to a protocol-relative address.
    ['/.//evil.example'],
    ['/..//evil.example'],
    ['/a/..//evil.example'],
    ['/%2e//evil.example'],
    ['/%2E%2E//evil.example'],
    ['/.\\/evil.example'],
    ['/.\t//evil.example'],
    ['/./\\evil.example?next=/#x'],
  ])('falls back to / for %j', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});

/** Pieces that URL parsing treats specially: slashes, backslashes, dot segments, control characters. */
const trickyPiece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2f',
  '%5c',
  '%09',
  '\t',
  '\n',
  '\r',
  ' ',
  '@',
  ':',
  'http:',
  'javascript:',
  'evil.example',
  '?',
  '#',
  'a',
);

const anyReturnTo = fc.oneof(
  fc.array(trickyPiece, { maxLength: 12 }).map((pieces) => pieces.join('')),
  fc.array(trickyPiece, { maxLength: 12 }).map((pieces) => `/${pieces.join('')}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);

const segment = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,11}$/);
const ordinaryPath = fc
  .record({
    segments: fc.array(segment, { maxLength: 4 }),
    query: fc.option(fc.array(fc.tuple(segment, segment), { minLength: 1, maxLength: 3 }), {
      nil: undefined,
    }),
    hash: fc.option(segment, { nil: undefined }),
  })
  .map(
    ({ segments, query, hash }) =>
      `/${segments.join('/')}` +
      (query ? `?${query.map(([key, value]) => `${key}=${value}`).join('&')}` : '') +
      (hash ? `#${hash}` : ''),
  );

describe('safeReturnTo, for any input', () => {
  it('gives a path with a single leading slash that stays on the origin', () => {
    fc.assert(
      fc.property(anyReturnTo, (value) => {
        const result = safeReturnTo(value);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(result.startsWith('/\\')).toBe(false);
        const resolved = new URL(result, origin);
        expect(resolved.origin).toBe(origin);
        // Whatever the browser makes of it, the path it lands on is not protocol-relative either.
        expect(resolved.pathname.startsWith('//')).toBe(false);
        // Sanitising what was already sanitised changes nothing.
        expect(safeReturnTo(result)).toBe(result);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ordinary paths with their query and hash', () => {
    fc.assert(
      fc.property(ordinaryPath, (path) => {
        expect(safeReturnTo(path)).toBe(path);
      }),
    );
  });
});

describe('loginPathReturningTo', () => {
  it('encodes the path, and leaves it out for the default', () => {
    expect(loginPathReturningTo('/modules/trial/dementia?x=1')).toBe(
      '/login?return_to=%2Fmodules%2Ftrial%2Fdementia%3Fx%3D1',
    );
    expect(loginPathReturningTo('/')).toBe('/login');
  });
});
