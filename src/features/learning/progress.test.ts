import { describe, expect, it } from 'vitest';
import type { ModuleLength, ProgressRow } from './api';
import { moduleProgress, startTrainingLabel } from './progress';

const lengths: ModuleLength[] = [{ slug: 'dementia', length_seconds: 1260 }];

function row(fields: Partial<ProgressRow>): ProgressRow {
  return {
    registration: 'b1f2c3d4-0000-4000-8000-000000000001',
    module: 'dementia',
    first_launched_at: '2026-11-28T09:00:00.000Z',
    last_activity_at: '2026-11-28T09:10:00.000Z',
    seconds_watched: 0,
    percent: 0,
    completed_at: null,
    ...fields,
  };
}

describe('moduleProgress', () => {
  it('is not started without a launch, started once launched, in progress once watched', () => {
    expect(moduleProgress('dementia', [], lengths).state).toBe('not-started');
    // A player host that reports nothing leaves the module here.
    expect(moduleProgress('dementia', [row({})], lengths).state).toBe('started');
    const watched = moduleProgress(
      'dementia',
      [row({ seconds_watched: 619, percent: 49 })],
      lengths,
    );
    expect(watched).toMatchObject({
      state: 'in-progress',
      minutesWatched: 10,
      minutesTotal: 21,
      percent: 49,
    });
  });

  it('is completed with its date, whatever was watched', () => {
    const completed = moduleProgress(
      'dementia',
      [row({ seconds_watched: 1200, percent: 95, completed_at: '2026-11-28T10:00:00.000Z' })],
      lengths,
    );
    expect(completed).toMatchObject({
      state: 'completed',
      completedAt: '2026-11-28T10:00:00.000Z',
    });
  });
});

describe('startTrainingLabel', () => {
  it("keeps the page's own label until something is watched, then Resume Training, then Watch Again", () => {
    const label = (rows: ProgressRow[]) =>
      startTrainingLabel(moduleProgress('dementia', rows, lengths), 'Start Training');
    expect(label([])).toBe('Start Training');
    expect(label([row({})])).toBe('Start Training');
    expect(label([row({ seconds_watched: 60, percent: 4 })])).toBe('Resume Training');
    expect(label([row({ completed_at: '2026-11-28T10:00:00.000Z' })])).toBe('Watch Again');
  });
});
