import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { launchCopy } from '@/content/learning';
import { queryKeys } from '@/lib/queryKeys';
import { toast } from '@/lib/toast';
import { learningProgressQuery, moduleLengthsQuery, unlocksQuery } from './api';
import { launchFailureMessage, launchModule } from './launch';
import { learningEntries } from './myLearning';
import { moduleProgress } from './progress';

/** How often a page with the player open reads the learner's progress again. */
export const PROGRESS_REFRESH_MS = 30_000;

export type LaunchStatus = 'idle' | 'launching' | 'launched' | 'failed';

/**
 * Launching a module's player for the signed-in user (./launch.ts): `launch` asks for a new session,
 * `url` is its launch URL once it answers (mount the player with it, and only then); a failure shows
 * a toast that can try again. `close` forgets the URL (a fetch URL works once, so the next opening
 * launches again) and reads the learner's progress afresh.
 */
export function useLaunch(slug: string, userId: string) {
  const queryClient = useQueryClient();
  const refreshProgress = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.learning(userId) });
  const mutation = useMutation({
    mutationFn: () => launchModule(slug),
    meta: { errorMessage: 'Error launching a module:' },
    onError: (error) =>
      toast.error(launchCopy.failedTitle, launchFailureMessage(error), {
        label: launchCopy.retryLabel,
        onClick: launch,
      }),
    // The first launch makes the registration: the dashboard lists the module from now on.
    onSuccess: refreshProgress,
  });

  function launch() {
    mutation.mutate();
  }

  const status: LaunchStatus = mutation.isPending
    ? 'launching'
    : mutation.isSuccess
      ? 'launched'
      : mutation.isError
        ? 'failed'
        : 'idle';

  return {
    status,
    url: mutation.data,
    launch,
    close() {
      mutation.reset();
      refreshProgress();
    },
  };
}

/**
 * The signed-in learner's progress in `slug`; undefined until it has loaded (or when it cannot be
 * read: the page then shows none). While `playing`, read again every 30 seconds.
 */
export function useModuleProgress(userId: string, slug: string, playing: boolean) {
  const progress = useQuery({
    ...learningProgressQuery(userId),
    refetchInterval: playing ? PROGRESS_REFRESH_MS : false,
  });
  const lengths = useQuery(moduleLengthsQuery());
  if (!progress.data || !lengths.data) return undefined;
  return moduleProgress(slug, progress.data, lengths.data);
}

/**
 * The dashboard's My learning: the modules the learner can open with their progress. An unlock list
 * that cannot be read leaves out only the modules it alone would add.
 */
export function useMyLearning(userId: string, trialActive: boolean) {
  const progress = useQuery(learningProgressQuery(userId));
  const lengths = useQuery(moduleLengthsQuery());
  const unlocks = useQuery(unlocksQuery(userId));
  const failed = progress.isError || lengths.isError;
  const entries =
    progress.data && lengths.data && !unlocks.isPending
      ? learningEntries({
          rows: progress.data,
          lengths: lengths.data,
          unlocks: unlocks.data ?? [],
          trialActive,
        })
      : undefined;
  return {
    entries,
    failed: failed && !entries,
    retry() {
      if (progress.isError) void progress.refetch();
      if (lengths.isError) void lengths.refetch();
      if (unlocks.isError) void unlocks.refetch();
    },
  };
}
