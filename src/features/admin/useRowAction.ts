import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { ActionResult } from './adminActions';
import { useRefreshAdminData } from './useAdminData';

export interface ActionMessages {
  success: [title: string, description: string];
  /** The failure toast; the description is the server's message when `useServerMessage`. */
  failure: [title: string, description: string];
  useServerMessage?: boolean;
}

/**
 * Runs an admin action for one row: the row shows 'Processing...' meanwhile, then the SPEC.md toast,
 * and on success every admin list is read again.
 */
export function useRowAction() {
  const [busyId, setBusyId] = useState<string | null>(null);
  const refresh = useRefreshAdminData();

  const run = async (id: string, action: () => Promise<ActionResult>, messages: ActionMessages) => {
    setBusyId(id);
    try {
      const result = await action();
      if (result.ok) {
        toast.success(...messages.success);
        await refresh();
      } else {
        const [title, fallback] = messages.failure;
        toast.error(title, (messages.useServerMessage && result.message) || fallback);
      }
    } finally {
      setBusyId(null);
    }
  };

  return { busyId, run };
}
