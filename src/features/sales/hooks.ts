import { useMutation, useQuery } from '@tanstack/react-query';
import { activityToasts, leadToasts, leadsPage } from '@/content/sales';
import { toast } from '@/lib/toast';
import { useLoadFailureToast } from '@/lib/useLoadFailureToast';
import { toastWriteFailure } from '@/lib/writeFailureToast';
import {
  auditLogQuery,
  emailDeliveriesQuery,
  funnelQuery,
  learningSummaryQuery,
  leadsQuery,
  moduleStartsQuery,
  updateLeadMutation,
  type AuditAction,
  type Lead,
  type LeadStatus,
} from './api';

/** One page of leads; the previous page stays shown while the next loads. */
export function useLeads(page: number, search: string, status: LeadStatus | null) {
  const query = useQuery(leadsQuery({ page, search, status }));
  useLoadFailureToast(query.isError, [
    leadToasts.loadFailed.title,
    leadToasts.loadFailed.description,
  ]);
  return query;
}

/**
 * Records a lead's follow-up with its toasts: `save` resolves to true once saved (and the lists
 * read again), false when the server refused.
 */
export function useUpdateLead() {
  const mutation = useMutation({
    ...updateLeadMutation(),
    onError: (error) => toastWriteFailure(error, leadToasts.saveFailed),
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
  const query = useQuery(auditLogQuery({ page, action, actor }));
  useLoadFailureToast(query.isError, [
    activityToasts.loadFailed.title,
    activityToasts.loadFailed.description,
  ]);
  return query;
}

/** One page of the e-mails not delivered; the previous page stays shown while the next loads. */
export function useEmailDeliveries(page: number) {
  const query = useQuery(emailDeliveriesQuery(page));
  useLoadFailureToast(query.isError, [
    activityToasts.loadFailed.title,
    activityToasts.loadFailed.description,
  ]);
  return query;
}

/** The funnel's counts and the module starts for the last `days` days. */
export function useFunnel(days: number) {
  const funnel = useQuery(funnelQuery(days));
  const starts = useQuery(moduleStartsQuery(days));
  useLoadFailureToast(funnel.isError || starts.isError, [
    activityToasts.loadFailed.title,
    activityToasts.loadFailed.description,
  ]);
  return { funnel, starts };
}

/** Learning records' starts, completions and median minutes per module, for the last `days` days. */
export function useLearningSummary(days: number) {
  const query = useQuery(learningSummaryQuery(days));
  useLoadFailureToast(query.isError, [
    activityToasts.loadFailed.title,
    activityToasts.loadFailed.description,
  ]);
  return query;
}
