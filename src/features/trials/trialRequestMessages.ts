import { trialCopy } from '@/content/trial';
import { toast } from '@/lib/toast';
import { trialRequestResult, type TrialRequestResult } from './trialRequest';

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

/** Shows a trial request's failure once it settles; resolves to whether the request was filed. */
export async function announceTrialRequest(
  request: Promise<TrialRequestResult>,
  source: TrialRequestSource,
): Promise<boolean> {
  const failure = trialRequestFailureToast(await trialRequestResult(request), source);
  if (failure) toast.error(failure.title, failure.description);
  return failure === null;
}
