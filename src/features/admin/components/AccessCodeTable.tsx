import { Badge, type BadgeProps } from '@/components/ui/badge';
import { accessCodeList as copy, revokeConfirmation } from '@/content/accessCodes';
import { findModule } from '@/content/modules';
import { formatDate } from '@/lib/dates';
import { lastDayOfAccess } from '../schemas';
import type { AccessCodeRow, AccessCodeStatus } from '../api';
import { useAccessCodes, useRevokeAccessCode } from '../hooks';
import { CreatedCell } from './CreatedCell';
import { ListMessages } from './ListMessages';
import { RevokeButton } from './RevokeButton';
import { RowActions } from './RowActions';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';

const statusBadge: Record<AccessCodeStatus, BadgeProps['variant']> = {
  active: 'default',
  full: 'secondary',
  expired: 'outline',
  revoked: 'destructive',
};

function moduleTitles(slugs: string[] | null): string {
  if (!slugs) return copy.allModules;
  return slugs.map((slug) => findModule(slug)?.title ?? slug).join(', ');
}

/** Every code, newest first: what it opens, how far it is used, until when, and its state. */
export function AccessCodeTable() {
  const { data: codes, isPending, isError } = useAccessCodes();
  const { busyId, revoke } = useRevokeAccessCode();
  const headers = copy.columns;

  const columns: TableColumn<AccessCodeRow>[] = [
    { header: headers.organisation, rowHeader: true, cell: (code) => code.organisation },
    {
      header: headers.code,
      className: 'whitespace-nowrap font-mono',
      cell: (code) => (
        <>
          <span aria-hidden>{copy.codeHint(code.code_hint)}</span>
          <span className="sr-only">{copy.codeHintLabel(code.code_hint)}</span>
        </>
      ),
    },
    {
      header: headers.modules,
      className: 'min-w-48',
      cell: (code) => moduleTitles(code.module_slugs),
    },
    {
      header: headers.seats,
      className: 'whitespace-nowrap tabular-nums',
      cell: (code) => `${code.seats_used} / ${code.seat_limit ?? copy.noLimit}`,
    },
    {
      header: headers.expiry,
      className: 'whitespace-nowrap',
      cell: (code) =>
        code.expires_at
          ? formatDate(lastDayOfAccess(code.expires_at).toISOString())
          : copy.noExpiry,
    },
    {
      header: headers.status,
      cell: (code) => (
        <Badge variant={statusBadge[code.status]}>{copy.statuses[code.status]}</Badge>
      ),
    },
    {
      header: headers.created,
      className: 'whitespace-nowrap',
      cell: (code) => (
        <CreatedCell
          createdAt={code.created_at}
          createdByEmail={code.created_by_email}
          createdBy={copy.createdBy}
        />
      ),
    },
    {
      header: headers.actions,
      actions: true,
      cell: (code) =>
        code.status === 'revoked' ? null : (
          <RowActions rowId={code.id} busyId={busyId}>
            {(disabled) => (
              <RevokeButton
                label={copy.revokeLabel}
                accessibleLabel={copy.revokeAccessibleLabel(code.organisation, code.code_hint)}
                confirmation={{
                  ...revokeConfirmation,
                  description: revokeConfirmation.description(code.organisation, code.code_hint),
                }}
                disabled={disabled}
                onConfirm={() => revoke(code.id, code.organisation)}
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
      rows={codes ?? []}
      rowKey={(code) => code.id}
      after={<ListMessages rows={codes} isPending={isPending} isError={isError} copy={copy} />}
    />
  );
}
