import { describe, expect, it } from 'vitest';
import { daysRemaining, isExpiringSoon } from './trialDates';

const now = new Date('2026-11-22T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('trial dates', () => {
  it.each([
    [30, 30, false],
    [7, 7, false],
    [6.5, 7, false],
    [6, 6, true],
    [0.01, 1, true],
    [-1, 0, true],
  ])('%d days left -> %d remaining, expiring soon %s', (days, remaining, soon) => {
    expect(daysRemaining(inDays(days), now)).toBe(remaining);
    expect(isExpiringSoon(inDays(days), now)).toBe(soon);
  });
});
