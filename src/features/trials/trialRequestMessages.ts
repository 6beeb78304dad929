import { trialCopy } from '@/content/trial';
import type { TrialRequestResult } from './trialApi';

/** Where the request was made: the trial button, or the trial sign-up form (SPEC.md section 8). */
export type TrialRequestSource = 'button' | 'signup-form';

/** The toast a trial request's failure shows; null when the request was filed. */
export function trialRequestFailureToast(
  result: TrialRequestResult,
  source: TrialRequestSource,
): { title: string; description?: string } | null {
  const { toasts } = trialCopy;
  switch (result.outcome) {
    case 'requested':
      return null;
    case 'already-requested':
      return toasts.alreadyRequested;
    case 'no-profile':
      return toasts.noProfile;
    case 'failed':
      return source === 'button'
        ? toasts.requestFailed
        : {
            title: toasts.submissionFailed.title,
            description: result.error.message || toasts.submissionFailed.fallback,
          };
  }
}
