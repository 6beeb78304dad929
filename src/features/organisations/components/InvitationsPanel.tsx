import { useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { invitationsPanel as copy } from '@/content/organisation';
import { formatDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { toastWriteFailure } from '@/lib/writeFailureToast';
import { ORGANISATION_PAGE_SIZE, type Invitation } from '../api';
import {
  useInvitations,
  useResendInvitation,
  useWithdrawInvitation,
  type OrganisationScope,
} from '../hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { PanelHeading, PanelState } from './PanelState';

/**
 * The invitations not yet answered, newest first: pending ones (holding a seat) and expired ones,
 * with how their e-mail went. Resend sends it again (and renews an expired one); Withdraw, after a
 * confirmation, ends it.
 */
export function InvitationsPanel({ scope }: { scope: OrganisationScope }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(0);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const invitations = useInvitations(scope, page);
  const resend = useResendInvitation(scope);
  const withdraw = useWithdrawInvitation(scope);
  const data = invitations.data;

  const confirmWithdraw = () => {
    const invitation = withdrawing;
    if (!invitation) return;
    withdraw.mutate(invitation.id, {
      onSuccess: () => toast.success(copy.withdrawn(invitation.email)),
      onError: (error) => toastWriteFailure(error, copy.withdrawFailed),
    });
  };

  const columns: TableColumn<Invitation>[] = [
    {
      header: copy.columns.email,
      rowHeader: true,
      className: '[overflow-wrap:anywhere]',
      cell: (invitation) => invitation.email,
    },
    { header: copy.columns.name, cell: (invitation) => invitation.name ?? '' },
    { header: copy.columns.cohort, cell: (invitation) => invitation.cohort_name ?? '' },
    {
      header: copy.columns.sent,
      className: 'whitespace-nowrap',
      cell: (invitation) => formatDate(invitation.sent_at),
    },
    {
      header: copy.columns.expires,
      className: 'whitespace-nowrap',
      cell: (invitation) => formatDate(invitation.expires_at),
    },
    {
      header: copy.columns.status,
      cell: (invitation) =>
        invitation.status === 'expired' ? (
          <Badge variant="outline">{copy.statuses.expired}</Badge>
        ) : invitation.status === 'pending' ? (
          <Badge variant="secondary">{copy.statuses.pending}</Badge>
        ) : null,
    },
    {
      header: copy.columns.delivery,
      cell: (invitation) =>
        invitation.delivery === 'failed' ? (
          <Badge variant="destructive">{copy.deliveries.failed}</Badge>
        ) : (
          copy.deliveries[invitation.delivery]
        ),
    },
    {
      header: copy.columns.actions,
      actions: true,
      cell: (invitation) => (
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={resend.isPending && resend.variables === invitation.id}
            aria-label={copy.resendLabel(invitation.email)}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () => toast.success(copy.resent(invitation.email)),
                onError: (error) => toastWriteFailure(error, copy.resendFailed),
              })
            }
          >
            {copy.resend}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={copy.withdrawLabel(invitation.email)}
            onClick={() => setWithdrawing(invitation)}
          >
            {copy.withdraw}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <PanelHeading id={headingId} ref={heading} copy={copy} />
      {data && data.rows.length > 0 ? (
        <ScrollTable
          caption={copy.caption}
          columns={columns}
          rows={data.rows}
          rowKey={(invitation) => invitation.id}
        />
      ) : null}
      {data && data.rows.length === 0 ? (
        <p className="rounded-lg border px-4 py-8 text-center text-muted-foreground">
          {copy.empty}
        </p>
      ) : null}
      <PanelState
        pending={invitations.isPending}
        failed={invitations.isError && !data}
        copy={copy}
      />
      <Pager
        label={copy.pagesLabel}
        page={page}
        pageSize={ORGANISATION_PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => (open ? undefined : setWithdrawing(null))}
        title={copy.withdrawConfirm.title}
        description={copy.withdrawConfirm.description(withdrawing?.email ?? '')}
        confirmLabel={copy.withdrawConfirm.confirm}
        afterConfirm={heading}
        onConfirm={confirmWithdraw}
      />
    </section>
  );
}
