import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { activityToasts, leadToasts, leadsPage } from '@/content/sales';
import { queryKeys } from '@/lib/queryKeys';
import { serverMessage } from '@/lib/serverMessage';
import { toast } from '@/lib/toast';
import {
  fetchAuditLog,
  fetchEmailDeliveries,
  fetchFunnel,
  fetchLeads,
  fetchModuleStarts,
  updateLead,
  type AuditAction,
  type Lead,
  type LeadStatus,
  type LeadUpdate,
} from './api';
import { useLoadFailureToast } from '@/lib/useLoadFailureToast';

/** One page of leads; the previous page stays shown while the next loads. */
export function useLeads(page: number, search: string, status: LeadStatus | null) {
  const query = useQuery({
    ...queryOptions({
      queryKey: queryKeys.leadList(page, search, status),
      queryFn: ({ signal }) => fetchLeads({ page, search, status }, signal),
      meta: { errorMessage: 'Error loading leads:' },
    }),
    placeholderData: keepPreviousData,
  });
  useLoadFailureToast(query.isError, [
    leadToasts.loadFailed.title,
    leadToasts.loadFailed.description,
  ]);
  return query;
}

function updateLeadMutation() {
  return mutationOptions({
    mutationFn: (update: LeadUpdate) => updateLead(update),
    meta: { errorMessage: 'Error updating a lead:' },
    // The lead lists and the audit log (which records the update) are read again.
    onSettled: (_data, _error, _update, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}

/**
 * Records a lead's follow-up with its toasts: `save` resolves to true once saved (and the lists
 * read again), false when the server refused.
 */
export function useUpdateLead() {
  const mutation = useMutation({
    ...updateLeadMutation(),
    onError: (error) =>
      toast.error(
        leadToasts.saveFailed.title,
        serverMessage(error) ?? leadToasts.saveFailed.description,
      ),
  });
  return {
    save: (lead: Lead, status: LeadStatus, note: string): Promise<boolean> =>
      mutation.mutateAsync({ leadId: lead.id, status, note }).then(
        () => {
          toast.success(
            leadToasts.saved.title,
            leadToasts.saved.description(
              `${lead.first_name} ${lead.last_name}`,
              leadsPage.statuses[status],
            ),
          );
          return true;
        },
        () => false,
      ),
    saving: mutation.isPending,
  };
}

/** One page of the audit log; the previous page stays shown while the next loads. */
export function useAuditLog(page: number, action: AuditAction | null, actor: string) {
  const query = useQuery({
    ...queryOptions({
      queryKey: queryKeys.auditLog(page, action, actor),
      queryFn: ({ signal }) => fetchAuditLog({ page, action, actor }, signal),
      meta: { errorMessage: 'Error loading the audit log:' },
    }),
    placeholderData: keepPreviousData,
  });
  useLoadFailureToast(query.isError, [
    activityToasts.loadFailed.title,
    activityToasts.loadFailed.description,
  ]);
  return query;
}

/** One page of the e-mails not delivered; the previous page stays shown while the next loads. */
export function useEmailDeliveries(page: number) {
  const query = useQuery({
    ...queryOptions({
      queryKey: queryKeys.emailDeliveries(page),
      queryFn: ({ signal }) => fetchEmailDeliveries(page, signal),
      meta: { errorMessage: 'Error loading e-mail deliveries:' },
    }),
    placeholderData: keepPreviousData,
  });
  useLoadFailureToast(query.isError, [
    activityToasts.loadFailed.title,
    activityToasts.loadFailed.description,
  ]);
  return query;
}

/** The funnel's counts and the module starts for the last `days` days. */
export function useFunnel(days: number) {
  const funnel = useQuery(
    queryOptions({
      queryKey: queryKeys.funnel(days),
      queryFn: ({ signal }) => fetchFunnel(days, signal),
      meta: { errorMessage: 'Error loading the funnel:' },
      placeholderData: keepPreviousData,
    }),
  );
  const starts = useQuery(
    queryOptions({
      queryKey: queryKeys.moduleStarts(days),
      queryFn: ({ signal }) => fetchModuleStarts(days, signal),
      meta: { errorMessage: 'Error loading module starts:' },
      placeholderData: keepPreviousData,
    }),
  );
  useLoadFailureToast(funnel.isError || starts.isError, [
    activityToasts.loadFailed.title,
    activityToasts.loadFailed.description,
  ]);
  return { funnel, starts };
}
