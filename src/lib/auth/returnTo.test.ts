import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnTo } from './returnTo';

describe('safeReturnTo', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/modules/trial/dementia?from=email#start', '/modules/trial/dementia?from=email#start'],
    ['/', '/'],
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
    ['javascript:alert(1)'],
  ])('falls back to / for %j', (value) => {
    expect(safeReturnTo(value)).toBe('/');
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
