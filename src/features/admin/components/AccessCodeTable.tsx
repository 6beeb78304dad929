import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { accessCodeList as copy, revokeConfirmation } from '@/content/accessCodes';
import { findModule } from '@/content/modules';
import { formatUkDate } from '@/lib/dates';
import { lastDayOfAccess } from '../accessCodeValues';
import type { AccessCodeRow, AccessCodeStatus } from '../api';
import { useAccessCodes, useRevokeAccessCode } from '../hooks';
import { ConfirmAction } from './ConfirmAction';
import { RowActions } from './RowActions';
import { ScrollTable } from '@/components/ui/scroll-table';

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
  const { columns } = copy;

  return (
    <ScrollTable
      caption={copy.caption}
      headers={Object.values(columns)}
      after={
        <>
          {codes?.length === 0 ? (
            <p className="px-4 py-8 text-center text-muted-foreground">{copy.empty}</p>
          ) : null}
          {isPending ? (
            <p className="px-4 py-8 text-center text-muted-foreground">{copy.loading}</p>
          ) : null}
          {isError && !codes ? (
            <p role="alert" className="px-4 py-8 text-center text-destructive">
              {copy.loadFailed}
            </p>
          ) : null}
        </>
      }
    >
      {codes?.map((code) => (
        <tr key={code.id}>
          <th scope="row" className="px-4 py-3 text-left font-medium">
            {code.organisation}
          </th>
          <td className="whitespace-nowrap px-4 py-3 font-mono">
            <span aria-hidden>{copy.codeHint(code.code_hint)}</span>
            <span className="sr-only">{copy.codeHintLabel(code.code_hint)}</span>
          </td>
          <td className="min-w-48 px-4 py-3">{moduleTitles(code.module_slugs)}</td>
          <td className="whitespace-nowrap px-4 py-3 tabular-nums">
            {code.seats_used} / {code.seat_limit ?? copy.noLimit}
          </td>
          <td className="whitespace-nowrap px-4 py-3">
            {code.expires_at
              ? formatUkDate(lastDayOfAccess(code.expires_at).toISOString())
              : copy.noExpiry}
          </td>
          <td className="px-4 py-3">
            <Badge variant={statusBadge[code.status]}>{copy.statuses[code.status]}</Badge>
          </td>
          <td className="whitespace-nowrap px-4 py-3">
            {formatUkDate(code.created_at)}
            {code.created_by_email ? (
              <span className="block text-xs text-muted-foreground">
                {copy.createdBy(code.created_by_email)}
              </span>
            ) : null}
          </td>
          <td className="px-4 py-3">
            {code.status === 'revoked' ? null : (
              <RowActions rowId={code.id} busyId={busyId}>
                {(disabled) => <RevokeButton code={code} disabled={disabled} onRevoke={revoke} />}
              </RowActions>
            )}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function RevokeButton({
  code,
  disabled,
  onRevoke,
}: {
  code: AccessCodeRow;
  disabled: boolean;
  onRevoke: (codeId: string, organisation: string) => void;
}) {
  return (
    <ConfirmAction
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-label={copy.revokeAccessibleLabel(code.organisation, code.code_hint)}
        >
          {copy.revokeLabel}
        </Button>
      }
      title={revokeConfirmation.title}
      description={revokeConfirmation.description(code.organisation, code.code_hint)}
      confirmLabel={revokeConfirmation.confirmLabel}
      destructive
      onConfirm={() => onRevoke(code.id, code.organisation)}
    />
  );
}
