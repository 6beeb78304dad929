import { useCallback, useSyncExternalStore } from 'react';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
} from '@tanstack/react-query';
import { accessCodeToasts as toasts } from '@/content/accessCodes';
import { lrsClientToasts } from '@/content/integrations';
import { queryKeys } from '@/lib/queryKeys';
import { toast } from '@/lib/toast';
import {
  accessCodesQuery,
  adminActionMutation,
  adminCountsQuery,
  adminListQuery,
  createAccessCodeMutation,
  createLrsClientMutation,
  lrsClientsQuery,
  organisationChoicesQuery,
  revokeAccessCodeMutation,
  revokeLrsClientMutation,
  testEmailMutation,
  type AdminAction,
  type AdminTab,
  type IssuedAccessCode,
  type IssuedLrsClient,
  type NewAccessCode,
  type NewLrsClient,
} from './api';
import { useLoadFailureToast } from '@/lib/useLoadFailureToast';
import { toastWriteFailure } from '@/lib/writeFailureToast';

/** SPEC.md section 8's toast for a list that could not be loaded. */
const adminLoadFailure: [string, string] = ['Error', 'Failed to load admin data.'];

/** One page of a tab's list, read from the server; the previous page stays shown while the next loads. */
export function useAdminList<Tab extends AdminTab>(tab: Tab, page: number, search: string) {
  return useQuery({
    ...adminListQuery(tab, page, search),
    placeholderData: keepPreviousData,
  });
}

/** Each tab's total, for the tab labels. */
export function useAdminCounts() {
  return useQuery(adminCountsQuery()).data;
}

const failedOnScreen = (query: Query) =>
  query.state.status === 'error' && query.getObserversCount() > 0;

/**
 * SPEC.md's 'Failed to load admin data.' toast, once per failure of the dashboard: the tab counts
 * and the open tab's list fail together when the server is down, and each toasting its own failure
 * said it twice. The failure lasts while any admin read on screen is failed; a new toast needs a
 * recovery first. (Only the dashboard's admin reads are on screen while the dashboard is.)
 */
export function useAdminLoadFailureToast(): void {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const failed = useSyncExternalStore(
    subscribe,
    () => cache.findAll({ queryKey: queryKeys.admin, predicate: failedOnScreen }).length > 0,
  );
  useLoadFailureToast(failed, adminLoadFailure);
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

/** Every organisation access code, newest first; a failure to load is toasted once. */
export function useAccessCodes() {
  const query = useQuery(accessCodesQuery());
  useLoadFailureToast(query.isError, [toasts.loadFailed.title, toasts.loadFailed.description]);
  return query;
}

/** The organisations a new access code can belong to, by name (the form shows a failure itself). */
export function useOrganisationChoices() {
  return useQuery(organisationChoicesQuery());
}

/**
 * Issues access codes: `issue` resolves to the new code (shown once by the page), or to null when
 * the server refused, which the destructive toast explains in the server's words.
 */
export function useCreateAccessCode() {
  const mutation = useMutation({
    ...createAccessCodeMutation(),
    onError: (error) => toastWriteFailure(error, toasts.createFailed),
  });
  return {
    issue: (code: NewAccessCode): Promise<IssuedAccessCode | null> =>
      mutation.mutateAsync(code).then(
        (issued) => {
          toast.success(toasts.created.title, toasts.created.description);
          return issued;
        },
        () => null,
      ),
  };
}

/** Revokes access codes; the row being revoked is `busyId` until the list has been read again. */
export function useRevokeAccessCode() {
  const mutation = useMutation({
    ...revokeAccessCodeMutation(),
    onSuccess: (_data, { organisation }) =>
      toast.success(toasts.revoked.title, toasts.revoked.description(organisation)),
    onError: (error) => toastWriteFailure(error, toasts.revokeFailed),
  });
  return {
    busyId: mutation.isPending ? mutation.variables.codeId : null,
    revoke: (codeId: string, organisation: string) => mutation.mutate({ codeId, organisation }),
  };
}

/** Every LRS client, newest first; a failure to load is toasted once. */
export function useLrsClients() {
  const query = useQuery(lrsClientsQuery());
  useLoadFailureToast(query.isError, [
    lrsClientToasts.loadFailed.title,
    lrsClientToasts.loadFailed.description,
  ]);
  return query;
}

/**
 * Creates LRS clients: `create` resolves to the new client and its secret (shown once by the
 * page), or to null when the server refused, which the destructive toast explains in the server's
 * words.
 */
export function useCreateLrsClient() {
  const mutation = useMutation({
    ...createLrsClientMutation(),
    onError: (error) => toastWriteFailure(error, lrsClientToasts.createFailed),
  });
  return {
    create: (client: NewLrsClient): Promise<IssuedLrsClient | null> =>
      mutation.mutateAsync(client).then(
        (issued) => {
          toast.success(lrsClientToasts.created.title, lrsClientToasts.created.description);
          return issued;
        },
        () => null,
      ),
  };
}

/** Revokes LRS clients; the row being revoked is `busyId` until the list has been read again. */
export function useRevokeLrsClient() {
  const mutation = useMutation({
    ...revokeLrsClientMutation(),
    onSuccess: (_data, { name }) =>
      toast.success(lrsClientToasts.revoked.title, lrsClientToasts.revoked.description(name)),
    onError: (error) => toastWriteFailure(error, lrsClientToasts.revokeFailed),
  });
  return {
    busyId: mutation.isPending ? mutation.variables.clientId : null,
    revoke: (clientId: string, name: string) => mutation.mutate({ clientId, name }),
  };
}
