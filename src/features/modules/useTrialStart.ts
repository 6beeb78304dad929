import { useRef, useState } from 'react';
import type { TrialModuleSlug } from '@/content/modules';
import { trialModuleCopy } from '@/content/trainingAccess';
import { logger } from '@/lib/logger';
import { toast } from '@/lib/toast';
import { recordTrialStart } from './recordTrialStart';

export type TrialStartStatus = 'not-started' | 'loading' | 'started';

/**
 * Start Training on a trial module page: not started, then loading while the unlock is recorded,
 * then started for good. A failure returns to not started with SPEC.md's message.
 */
export function useTrialStart(userId: string, slug: TrialModuleSlug) {
  const [status, setStatus] = useState<TrialStartStatus>('not-started');
  // A second press while the first is recording must not record twice.
  const busy = useRef(false);

  async function start() {
    if (busy.current || status === 'started') return;
    busy.current = true;
    setStatus('loading');
    try {
      await recordTrialStart(userId, slug);
      setStatus('started');
    } catch (error) {
      logger.error('Error recording module access:', error);
      toast.error(trialModuleCopy.recordFailedTitle, trialModuleCopy.recordFailed);
      setStatus('not-started');
    } finally {
      busy.current = false;
    }
  }

  return { status, start };
}
