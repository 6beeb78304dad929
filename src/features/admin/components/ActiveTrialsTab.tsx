import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { daysRemaining, isExpiringSoon } from '@/lib/trialDates';
import { formatDate } from '@/lib/dates';
import type { ActiveTrialRow } from '../api';
import { useRowAction } from '../hooks';
import { AdminListPanel } from './AdminListPanel';
import { ConfirmAction } from './ConfirmAction';
import { RowActions } from './RowActions';

export function ActiveTrialsTab() {
  const { busyId, run } = useRowAction();
  return (
    <AdminListPanel
      tab="active"
      caption="Active trials"
      empty="No active trials"
      rowKey={(row) => row.id}
      columns={[
        { header: 'Name', rowHeader: true, cell: (row) => row.profile_name || '—' },
        { header: 'Email', cell: (row) => row.profile_email },
        { header: 'Expires', cell: (row) => formatDate(row.expires_at) },
        {
          header: 'Days remaining',
          cell: (row) => (
            <span className="flex items-center gap-2 whitespace-nowrap">
              {daysRemaining(row.expires_at)}
              {isExpiringSoon(row.expires_at) ? (
                <Badge variant="destructive">Expiring soon</Badge>
              ) : (
                <Badge variant="secondary">Active</Badge>
              )}
            </span>
          ),
        },
        {
          header: 'Actions',
          actions: true,
          cell: (row) => (
            <RowActions rowId={row.id} busyId={busyId}>
              {(disabled) => (
                <>
                  <ExpireButton
                    row={row}
                    disabled={disabled}
                    onExpire={(canRetrial) =>
                      run(
                        row.id,
                        { kind: 'expire', trialId: row.id, canRetrial },
                        {
                          success: [
                            'Trial Expired',
                            'Trial has been expired and moved to expired trials.',
                          ],
                          failure: ['Failed to Expire Trial', 'Failed to expire trial.'],
                        },
                      )
                    }
                  />
                  <ConfirmAction
                    trigger={
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={disabled}
                        aria-label={`Delete the trial of ${row.profile_email ?? row.email}`}
                      >
                        Delete
                      </Button>
                    }
                    title="Delete trial"
                    description={`Delete the active trial of ${row.profile_email ?? row.email}? It is removed without being kept in expired trials.`}
                    confirmLabel="Delete"
                    destructive
                    onConfirm={() =>
                      run(
                        row.id,
                        { kind: 'delete', trialId: row.id },
                        {
                          success: ['Trial Deleted', 'The active trial has been deleted.'],
                          failure: ['Failed to Delete Trial', 'Failed to delete trial.'],
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

function ExpireButton({
  row,
  disabled,
  onExpire,
}: {
  row: ActiveTrialRow;
  disabled: boolean;
  onExpire: (canRetrial: boolean) => void;
}) {
  const [canRetrial, setCanRetrial] = useState(false);
  const checkboxId = useId();
  return (
    <ConfirmAction
      trigger={
        <Button
          size="sm"
          variant="destructive"
          disabled={disabled}
          aria-label={`Expire the trial of ${row.profile_email ?? row.email}`}
        >
          Expire
        </Button>
      }
      title="Expire trial"
      description="Are you sure you want to expire this trial? The user will lose access immediately."
      confirmLabel="Expire trial"
      destructive
      onOpenChange={(open) => {
        if (open) setCanRetrial(false);
      }}
      onConfirm={() => onExpire(canRetrial)}
    >
      <div className="flex items-center gap-3">
        <Checkbox
          id={checkboxId}
          checked={canRetrial}
          onCheckedChange={(checked) => setCanRetrial(checked === true)}
          className="h-6 w-6"
        />
        <label htmlFor={checkboxId} className="text-sm">
          Allow the user to request a new trial
        </label>
      </div>
    </ConfirmAction>
  );
}
