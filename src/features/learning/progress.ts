import { moduleProgressLabels } from '@/content/learning';
import type { ModuleLength, ProgressRow } from './api';

/**
 * `started`: launched, nothing watched yet (a player host that does not report leaves a module
 * here); `in-progress`: some of it watched.
 */
export type ProgressState = 'not-started' | 'started' | 'in-progress' | 'completed';

/** A learner's progress in one module, as pages show it. */
export interface ModuleProgress {
  slug: string;
  state: ProgressState;
  /** Whole minutes watched (rounded down, so a module shows its full length only once watched). */
  minutesWatched: number;
  /** The module's length in whole minutes (rounded). */
  minutesTotal: number;
  /** Share of the module watched, 0 to 100 (the database rounds it down). */
  percent: number;
  completedAt: string | null;
  lastActivityAt: string | null;
}

/**
 * The progress of `slug` from the learner's rows and the modules' lengths; a module without a row
 * (never launched) is not started. A launch makes the row before anything is watched: started.
 */
export function moduleProgress(
  slug: string,
  rows: readonly ProgressRow[],
  lengths: readonly ModuleLength[],
): ModuleProgress {
  const row = rows.find((candidate) => candidate.module === slug);
  const lengthSeconds = lengths.find((candidate) => candidate.slug === slug)?.length_seconds ?? 0;
  const secondsWatched = row?.seconds_watched ?? 0;
  const percent = row?.percent ?? 0;
  const completedAt = row?.completed_at ?? null;
  return {
    slug,
    state: completedAt
      ? 'completed'
      : secondsWatched > 0 || percent > 0
        ? 'in-progress'
        : row
          ? 'started'
          : 'not-started',
    minutesWatched: Math.floor(secondsWatched / 60),
    minutesTotal: Math.round(lengthSeconds / 60),
    percent,
    completedAt,
    lastActivityAt: row?.last_activity_at ?? null,
  };
}

/**
 * Start Training's label for the learner's progress: `start` (the page's own wording, which SPEC.md
 * fixes) until they have watched some (a launch alone resumes nothing), then Resume Training, and
 * Watch Again once completed.
 */
export function startTrainingLabel(progress: ModuleProgress | undefined, start: string): string {
  if (progress?.state === 'completed') return moduleProgressLabels.watchAgain;
  if (progress?.state === 'in-progress') return moduleProgressLabels.resume;
  return start;
}
