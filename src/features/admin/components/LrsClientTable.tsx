import { Badge } from '@/components/ui/badge';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { lrsClientList as copy, revokeLrsClientConfirmation } from '@/content/integrations';
import type { LrsClientRow } from '../api';
import { useLrsClients, useRevokeLrsClient } from '../hooks';
import { CreatedCell } from './CreatedCell';
import { ListMessages } from './ListMessages';
import { RevokeButton } from './RevokeButton';
import { RowActions } from './RowActions';

/** Every LRS client, newest first: its key (the Basic user name), its scopes and its state. */
export function LrsClientTable() {
  const { data: clients, isPending, isError } = useLrsClients();
  const { busyId, revoke } = useRevokeLrsClient();
  const headers = copy.columns;

  const columns: TableColumn<LrsClientRow>[] = [
    { header: headers.name, rowHeader: true, className: 'min-w-40', cell: (client) => client.name },
    {
      header: headers.key,
      className: 'font-mono',
      cell: (client) => (
        <span className="break-all" translate="no">
          {client.key}
        </span>
      ),
    },
    {
      header: headers.scopes,
      className: 'min-w-44',
      cell: (client) => (
        <ul className="space-y-0.5 font-mono text-xs" translate="no">
          {client.scopes.map((scope) => (
            <li key={scope}>{scope}</li>
          ))}
        </ul>
      ),
    },
    {
      header: headers.status,
      cell: (client) =>
        client.revoked_at ? (
          <Badge variant="destructive">{copy.statuses.revoked}</Badge>
        ) : (
          <Badge variant="default">{copy.statuses.active}</Badge>
        ),
    },
    {
      header: headers.created,
      className: 'whitespace-nowrap',
      cell: (client) => (
        <CreatedCell
          createdAt={client.created_at}
          createdByEmail={client.created_by_email}
          createdBy={copy.createdBy}
        />
      ),
    },
    {
      header: headers.actions,
      actions: true,
      cell: (client) =>
        client.revoked_at ? null : (
          <RowActions rowId={client.id} busyId={busyId}>
            {(disabled) => (
              <RevokeButton
                label={copy.revokeLabel}
                accessibleLabel={copy.revokeAccessibleLabel(client.name, client.key)}
                confirmation={{
                  ...revokeLrsClientConfirmation,
                  description: revokeLrsClientConfirmation.description(client.name, client.key),
                }}
                disabled={disabled}
                onConfirm={() => revoke(client.id, client.name)}
              />
            )}
          </RowActions>
        ),
    },
  ];

  return (
    <ScrollTable
      caption={copy.caption}
      columns={columns}
      rows={clients ?? []}
      rowKey={(client) => client.id}
      after={<ListMessages rows={clients} isPending={isPending} isError={isError} copy={copy} />}
    />
  );
}
