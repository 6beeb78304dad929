import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate } from './dates';

describe('dates, as the UK writes them', () => {
  it('writes the short date day first: 13 Dec 2026', () => {
    expect(formatDate('2026-12-13T10:00:00Z')).toBe('13 Dec 2026');
  });

  it('writes the long date for a sentence: 13 December 2026', () => {
    expect(formatLongDate('2026-12-13T10:00:00Z')).toBe('13 December 2026');
  });

  it('reads a calendar date as that day', () => {
    expect(formatLongDate('2026-11-21')).toBe('21 November 2026');
    expect(formatDate('2026-07-01')).toBe('1 Jul 2026');
  });

  it('gives the day and time in London: GMT in winter, BST in summer', () => {
    expect(formatDateTime('2026-12-13T09:05:00Z')).toBe('13 Dec 2026, 09:05');
    expect(formatDateTime('2026-07-13T09:05:00Z')).toBe('13 Jul 2026, 10:05');
  });

  it('gives the London day near midnight, whatever the viewer’s zone', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 Jul 2026');
  });
});
