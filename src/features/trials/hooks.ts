import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { clearTrialMarker, writeTrialMarker } from '@/lib/trialMarker';
import { trialRowsQuery } from './api';
import { requestTrialMutation } from './trialRequest';
import { announceTrialRequest, type TrialRequestSource } from './trialRequestMessages';
import { deriveTrialStatus, noTrial, type TrialStatus } from './trialStatus';

/**
 * The signed-in user's trial status. A failed check counts as no active trial and is logged
 * (SPEC.md section 8); `failed` lets a page say so. Keeps the trial marker in step.
 */
export function useTrialStatus(userId: string): {
  status: TrialStatus;
  loading: boolean;
  failed: boolean;
} {
  const query = useQuery({
    ...trialRowsQuery(userId),
    // "Active" depends on the clock as well as the rows, so this runs again on every render.
    select: (rows) => deriveTrialStatus(rows),
  });

  const status = query.data ?? noTrial;
  useEffect(() => {
    if (query.isPending) return;
    if (status.active && status.endDate) writeTrialMarker(status.endDate);
    else clearTrialMarker();
  }, [query.isPending, status.active, status.endDate]);

  return { status, loading: query.isPending, failed: query.isError };
}

/**
 * Files the signed-in user's trial request and shows its failure; `request` resolves to whether
 * the request was filed, and never rejects.
 */
export function useRequestTrial(source: TrialRequestSource) {
  const mutation = useMutation(requestTrialMutation());
  return {
    request: (userId: string) => announceTrialRequest(mutation.mutateAsync({ userId }), source),
    pending: mutation.isPending,
  };
}
