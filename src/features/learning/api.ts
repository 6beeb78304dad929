import { queryOptions } from '@tanstack/react-query';
import { loadReader } from '@/lib/loadReader';
import { queryKeys } from '@/lib/queryKeys';

/**
 * The learner's cmi5 registrations with their progress (docs/learning-records.md section 4): RLS
 * gives a user only their own rows, and grants only these columns.
 */
export async function fetchLearningProgress(signal: AbortSignal) {
  const supabase = await loadReader();
  const { data, error } = await supabase
    .from('learning_progress')
    .select(
      'registration, module, first_launched_at, last_activity_at, seconds_watched, percent, completed_at',
    )
    .abortSignal(signal);
  if (error) throw error;
  return data;
}

/** Each module's length in seconds (learning_modules, readable by everyone). */
export async function fetchModuleLengths(signal: AbortSignal) {
  const supabase = await loadReader();
  const { data, error } = await supabase
    .from('learning_modules')
    .select('slug, length_seconds')
    .abortSignal(signal);
  if (error) throw error;
  return data;
}

/** The modules the user unlocked and by which grant (RLS: their own unlocks). */
export async function fetchUnlocks(userId: string, signal: AbortSignal) {
  const supabase = await loadReader();
  const { data, error } = await supabase
    .from('module_unlocks')
    .select('module_name, grant_kind')
    .eq('user_id', userId)
    .abortSignal(signal);
  if (error) throw error;
  return data;
}

export type ProgressRow = Awaited<ReturnType<typeof fetchLearningProgress>>[number];
export type ModuleLength = Awaited<ReturnType<typeof fetchModuleLengths>>[number];
export type Unlock = Awaited<ReturnType<typeof fetchUnlocks>>[number];

export function learningProgressQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.learningProgress(userId),
    queryFn: ({ signal }) => fetchLearningProgress(signal),
    meta: { errorMessage: 'Error loading learning progress:' },
  });
}

export function moduleLengthsQuery() {
  return queryOptions({
    queryKey: queryKeys.learningModules,
    queryFn: ({ signal }) => fetchModuleLengths(signal),
    meta: { errorMessage: 'Error loading module lengths:' },
    // The catalogue's lengths change with a release, not while a page is open.
    staleTime: Infinity,
  });
}

export function unlocksQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.learningUnlocks(userId),
    queryFn: ({ signal }) => fetchUnlocks(userId, signal),
    meta: { errorMessage: 'Error loading module unlocks:' },
  });
}
