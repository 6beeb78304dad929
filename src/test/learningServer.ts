import type { ModuleLength, ProgressRow, Unlock } from '@/features/learning/api';
import { launchUrl, type LaunchAnswer } from '@/features/learning/launch';
import { playerAddress } from '@/lib/playerAddress';
import { supabaseFake, type FakeAnswer } from './supabaseFake';

/** Module lengths as the catalogue's migration has them (learning_modules). */
export const moduleLengths: ModuleLength[] = [
  { slug: 'home-visits', length_seconds: 1080 },
  { slug: 'dementia', length_seconds: 1260 },
  { slug: 'womens-health', length_seconds: 1140 },
  { slug: 'conflict-resolution', length_seconds: 960 },
  { slug: 'social-justice', length_seconds: 1200 },
  { slug: 'chronic-pain', length_seconds: 1020 },
  { slug: 'advanced-dementia', length_seconds: 1320 },
  { slug: 'rural-minds', length_seconds: 1500 },
  { slug: 'group-menopause', length_seconds: 1380 },
  { slug: 'group-diabetes', length_seconds: 1380 },
];

/** What launch-module answers for a launch (docs/learning-records.md section 4). */
export const launchAnswer: LaunchAnswer = {
  registration: '0b6e7f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  fetchCode: 'f3tchc0de',
  actor: {
    objectType: 'Agent',
    account: { homePage: 'https://revolve.example', name: 'u1' },
  },
  activityId: 'https://revolve.example/xapi/activities/module/dementia',
  launchMode: 'Normal',
};

/** A learner's progress row (learning_progress), in progress unless told otherwise. */
export function progressRow(overrides: Partial<ProgressRow> = {}): ProgressRow {
  return {
    registration: launchAnswer.registration,
    module: 'dementia',
    first_launched_at: '2026-11-20T10:00:00Z',
    last_activity_at: '2026-11-21T10:00:00Z',
    seconds_watched: 720,
    percent: 57,
    completed_at: null,
    ...overrides,
  };
}

export interface LearningServer {
  progress?: ProgressRow[] | FakeAnswer;
  unlocks?: Unlock[] | FakeAnswer;
  launch?: FakeAnswer;
}

const asAnswer = <Row>(rows: Row[] | FakeAnswer): FakeAnswer =>
  Array.isArray(rows) ? { data: rows } : rows;

/**
 * The server answers the learner's progress, the module lengths, their unlocks and launch-module
 * with `server` (none: no progress, no unlocks, a launch that succeeds).
 */
export function answerLearning({
  progress = [],
  unlocks = [],
  launch = { data: launchAnswer },
}: LearningServer = {}): void {
  supabaseFake.answer('from:learning_progress', asAnswer(progress));
  supabaseFake.answer('from:learning_modules', { data: moduleLengths });
  supabaseFake.answer('from:module_unlocks', asAnswer(unlocks));
  supabaseFake.answer('invoke:launch-module', launch);
}

/** The launch URL a page mounts the player with after `launchAnswer` for `slug`. */
export const launchedUrl = (slug: string) => launchUrl(playerAddress(slug), launchAnswer);
