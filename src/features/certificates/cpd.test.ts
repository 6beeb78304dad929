import { describe, expect, it } from 'vitest';
import { cpdTime, creditsLabel, durationLabel } from '@shared/cpd.ts';

describe('CPD time', () => {
  it('rounds the verified minutes down to the quarter hour, in words', () => {
    expect(cpdTime(0, false)).toEqual({ minutes: 0, label: '0 minutes', credits: null });
    expect(cpdTime(14, false).label).toBe('0 minutes');
    expect(cpdTime(16, false).label).toBe('15 minutes');
    expect(cpdTime(59, false).label).toBe('45 minutes');
    expect(cpdTime(60, false).label).toBe('1 hour');
    expect(cpdTime(119, false).label).toBe('1 hour 45 minutes');
    expect(cpdTime(120, false).label).toBe('2 hours');
    expect(cpdTime(135, false).label).toBe('2 hours 15 minutes');
  });

  it('counts credits, one an hour in quarter-hour steps, only with a reflection', () => {
    expect(cpdTime(119, false).credits).toBeNull();
    expect(cpdTime(119, true).credits).toBe(1.75);
    expect(cpdTime(60, true).credits).toBe(1);
    expect(cpdTime(10, true).credits).toBe(0);
  });

  it('words a verified time as recorded', () => {
    expect(durationLabel(1)).toBe('1 minute');
    expect(durationLabel(16)).toBe('16 minutes');
    expect(durationLabel(65)).toBe('1 hour 5 minutes');
    expect(durationLabel(120)).toBe('2 hours');
  });

  it('words the credits', () => {
    expect(creditsLabel(1)).toBe('1 CPD credit');
    expect(creditsLabel(1.75)).toBe('1.75 CPD credits');
    expect(creditsLabel(0.5)).toBe('0.5 CPD credits');
    expect(creditsLabel(0)).toBe('0 CPD credits');
  });
});
