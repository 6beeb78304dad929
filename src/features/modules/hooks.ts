import { useMutation } from '@tanstack/react-query';
import type { TrialModuleSlug } from '@/content/modules';
import { trialModuleCopy } from '@/content/trainingAccess';
import { toast } from '@/lib/toast';
import { trialStartMutation, unlockModuleMutation, unlockResult, type UnlockResult } from './api';

/** Checks a module password; resolves to what the form shows, and never rejects. */
export function useUnlockModule(): (slug: string, password: string) => Promise<UnlockResult> {
  const mutation = useMutation(unlockModuleMutation());
  return (slug, password) => unlockResult(mutation.mutateAsync({ slug, password }));
}

export type TrialStartStatus = 'not-started' | 'loading' | 'started';

/**
 * Recording the start of a trial module (SPEC.md's unlock record): not started, then loading while
 * the unlock is recorded, then started for good; `start` runs `onStarted` once recorded. A failure
 * returns to not started with SPEC.md's message.
 */
export function useTrialStart(userId: string, slug: TrialModuleSlug) {
  const mutation = useMutation({
    ...trialStartMutation(),
    onError: () => toast.error(trialModuleCopy.recordFailedTitle, trialModuleCopy.recordFailed),
  });
  const status: TrialStartStatus = mutation.isSuccess
    ? 'started'
    : mutation.isPending
      ? 'loading'
      : 'not-started';

  function start(onStarted?: () => void) {
    if (status === 'not-started') mutation.mutate({ userId, slug }, { onSuccess: onStarted });
  }

  return { status, start };
}
