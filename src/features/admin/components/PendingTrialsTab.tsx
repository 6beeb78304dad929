import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';
import { useRowAction } from '../hooks';
import { AdminListPanel } from './AdminListPanel';
import { ConfirmAction } from './ConfirmAction';
import { RowActions } from './RowActions';

export function PendingTrialsTab() {
  const { busyId, run } = useRowAction();
  return (
    <AdminListPanel
      tab="pending"
      caption="Pending trial requests"
      empty="No pending trial requests"
      rowKey={(row) => row.id}
      columns={[
        {
          header: 'Name',
          rowHeader: true,
          cell: (row) => `${row.first_name} ${row.last_name}`.trim(),
        },
        { header: 'Email', cell: (row) => row.email },
        { header: 'Submitted', cell: (row) => formatDate(row.submitted_at) },
        {
          header: 'Actions',
          actions: true,
          cell: (row) => (
            <RowActions rowId={row.id} busyId={busyId}>
              {(disabled) => (
                <>
                  <Button
                    size="sm"
                    disabled={disabled}
                    aria-label={`Approve ${row.email}`}
                    onClick={() =>
                      run(
                        row.id,
                        { kind: 'approve', trialId: row.id, email: row.email },
                        {
                          success: ['Trial Approved', `Trial access granted to ${row.email}`],
                          failure: ['Approval Failed', 'Failed to approve trial.'],
                          useServerMessage: true,
                        },
                      )
                    }
                  >
                    Approve
                  </Button>
                  {/* The user is told at once (a notification), so a slip must not reject. */}
                  <ConfirmAction
                    trigger={
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={disabled}
                        aria-label={`Reject ${row.email}`}
                      >
                        Reject
                      </Button>
                    }
                    title="Reject trial request"
                    description={`Reject the trial request of ${row.email}? They are notified at once.`}
                    confirmLabel="Reject"
                    destructive
                    onConfirm={() =>
                      run(
                        row.id,
                        { kind: 'reject', trialId: row.id },
                        {
                          success: ['Trial Rejected', 'Trial request has been rejected.'],
                          failure: ['Rejection Failed', 'Failed to reject trial.'],
                        },
                      )
                    }
                  />
                </>
              )}
            </RowActions>
          ),
        },
      ]}
    />
  );
}
