import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { logger } from '@/lib/logger';
import { queryKeys } from '@/lib/queryKeys';
import { fetchTrialRows } from './trialApi';
import { clearTrialMarker, writeTrialMarker } from './trialMarker';
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
    queryKey: queryKeys.trialStatus(userId),
    queryFn: async () => {
      try {
        return await fetchTrialRows(userId);
      } catch (error) {
        logger.error('Error checking trial status:', error);
        throw error;
      }
    },
    // "Active" depends on the clock as well as the rows.
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
