import { afterEach, describe, expect, it } from 'vitest';
import {
  clearTrialMarker,
  hasValidTrialMarker,
  readTrialMarker,
  TRIAL_MARKER_KEY,
  writeTrialMarker,
} from './trialMarker';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('the trial marker', () => {
  afterEach(() => localStorage.clear());

  it('is written under the versioned key as {"exp": epoch ms}', () => {
    writeTrialMarker('2026-12-12T12:00:00Z');
    expect(localStorage.getItem(TRIAL_MARKER_KEY)).toBe(
      JSON.stringify({ exp: Date.parse('2026-12-12T12:00:00Z') }),
    );
    expect(TRIAL_MARKER_KEY).toBe('revolve:trial:v1');
  });

  it('is valid until its exp, and not at or after it', () => {
    writeTrialMarker(now + 1);
    expect(readTrialMarker(now)).toEqual({ exp: now + 1 });
    expect(hasValidTrialMarker(now + 1)).toBe(false);
    expect(hasValidTrialMarker(now + 2)).toBe(false);
  });

  it('ignores a missing or malformed marker', () => {
    expect(readTrialMarker(now)).toBeNull();
    for (const raw of ['not json', '{}', '{"exp":"soon"}', 'null', '[1]']) {
      localStorage.setItem(TRIAL_MARKER_KEY, raw);
      expect(readTrialMarker(now)).toBeNull();
    }
  });

  it('is removed by clearTrialMarker', () => {
    writeTrialMarker(now + 1000);
    clearTrialMarker();
    expect(localStorage.getItem(TRIAL_MARKER_KEY)).toBeNull();
  });
});
