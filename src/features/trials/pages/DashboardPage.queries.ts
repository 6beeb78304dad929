import { queryClient } from '@/lib/queryClient';
import { learningProgressQuery, moduleLengthsQuery, unlocksQuery } from '@/features/learning/api';
import { trialRowsQuery } from '../api';

/**
 * The dashboard's first queries for the signed-in user (see src/app/lazyPage.ts): the trial card's,
 * and My learning's, which would otherwise wait for the section's code.
 */
export function prefetchForUser(userId: string): void {
  void queryClient.prefetchQuery(trialRowsQuery(userId));
  void queryClient.prefetchQuery(learningProgressQuery(userId));
  void queryClient.prefetchQuery(moduleLengthsQuery());
  void queryClient.prefetchQuery(unlocksQuery(userId));
}
