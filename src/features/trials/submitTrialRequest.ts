import { logger } from '@/lib/logger';
import { queryKeys } from '@/lib/queryKeys';
import { toast } from '@/lib/toast';
import { requestTrial } from './trialApi';
import { trialRequestFailureToast, type TrialRequestSource } from './trialRequestMessages';

/**
 * Files the signed-in user's trial request and shows its failure; resolves to whether the request
 * was filed. Never throws.
 */
export async function submitTrialRequest(
  userId: string,
  source: TrialRequestSource,
): Promise<boolean> {
  const result = await requestTrial(userId);
  if ('error' in result) logger.error('Error submitting trial request:', result.error);
  const failure = trialRequestFailureToast(result, source);
  if (failure) toast.error(failure.title, failure.description);
  // Screens that show the trial state read it afresh (the cache loads with them, not with this).
  void import('@/lib/queryClient').then(({ queryClient }) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.trialStatus(userId) }),
  );
  return failure === null;
}
