import { queryClient } from '@/lib/queryClient';
import { trialRowsQuery } from '../api';

/** The dashboard's first query, the trial card's, for the signed-in user (see src/app/lazyPage.ts). */
export function prefetchForUser(userId: string): void {
  void queryClient.prefetchQuery(trialRowsQuery(userId));
}
