import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  adminActionMutation,
  adminCountsQuery,
  adminListQuery,
  testEmailMutation,
  type AdminAction,
  type AdminTab,
} from './api';

/** Tells the admin once per failure that a list could not be loaded (SPEC.md section 8). */
function useLoadFailureToast(failed: boolean) {
  const reported = useRef(false);
  useEffect(() => {
    if (failed && !reported.current) {
      reported.current = true;
      toast.error('Error', 'Failed to load admin data.');
    }
    if (!failed) reported.current = false;
  }, [failed]);
}

/** One page of a tab's list, read from the server; the previous page stays shown while the next loads. */
export function useAdminList<Tab extends AdminTab>(tab: Tab, page: number, search: string) {
  const query = useQuery({
    ...adminListQuery(tab, page, search),
    placeholderData: keepPreviousData,
  });
  useLoadFailureToast(query.isError);
  return query;
}

/** Each tab's total, for the tab labels. */
export function useAdminCounts() {
  const query = useQuery(adminCountsQuery());
  useLoadFailureToast(query.isError);
  return query.data;
}

export interface ActionMessages {
  success: [title: string, description: string];
  /** The failure toast; the description is the server's message when `useServerMessage`. */
  failure: [title: string, description: string];
  useServerMessage?: boolean;
}

/**
 * Runs admin actions for the rows of one list: the row being acted on (`busyId`) shows
 * 'Processing...' until the action and the reading again of every admin list are done, and the
 * SPEC.md toast says how it went.
 */
export function useRowAction() {
  const mutation = useMutation({
    ...adminActionMutation<{ rowId: string; action: AdminAction; messages: ActionMessages }>(),
    onSuccess: (result, { messages }) => {
      if (result.ok) {
        toast.success(...messages.success);
      } else {
        const [title, fallback] = messages.failure;
        toast.error(title, (messages.useServerMessage && result.message) || fallback);
      }
    },
  });

  return {
    busyId: mutation.isPending ? mutation.variables.rowId : null,
    run: (rowId: string, action: AdminAction, messages: ActionMessages) =>
      mutation.mutate({ rowId, action, messages }),
  };
}

/** The Test Email Function button's send, with its toasts. */
export function useSendTestEmail() {
  const mutation = useMutation({
    ...testEmailMutation(),
    onSuccess: (result) => {
      if (result.ok)
        toast.success('Test Email Sent', 'The trial-activated e-mail went to the test recipient.');
      else toast.error('Email Test Failed', 'Failed to send test email.');
    },
  });
  return { send: mutation.mutate, sending: mutation.isPending };
}
