import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import {
  adminOrganisationsPage as copy,
  organisationKindLabels,
} from '@/content/organisationsAdmin';
import type { Enums } from '@/lib/database.types';
import { formatDate } from '@/lib/dates';
import type { AdminOrganisation } from '../adminApi';
import type { OrganisationKind } from '../adminSchemas';

// Every kind and status has its words: the types fail when the database adds one without them.
const kindLabels: Record<OrganisationKind, string> = organisationKindLabels;
const statusLabels: Record<Enums<'organisation_status'>, string> = copy.statuses;

const statusBadge: Record<Enums<'organisation_status'>, BadgeProps['variant']> = {
  upcoming: 'secondary',
  active: 'default',
  ended: 'outline',
};

/** Its managers' e-mails, then those invited to manage it, or that it has none yet. */
function Managers({ organisation }: { organisation: AdminOrganisation }) {
  const managers = organisation.manager_emails ?? [];
  const invited = organisation.invited_manager_emails ?? [];
  if (managers.length === 0 && invited.length === 0)
    return <span className="text-muted-foreground">{copy.noManager}</span>;
  return (
    <span className="flex flex-col gap-1 [overflow-wrap:anywhere]">
      {managers.map((email) => (
        <span key={email}>{email}</span>
      ))}
      {invited.length > 0 ? (
        <span className="text-muted-foreground">{copy.invited(invited.join(', '))}</span>
      ) : null}
    </span>
  );
}

/**
 * The organisations, as the server gave them (newest first): kind, seats used, term and its state,
 * managers, and the buttons to edit one or invite a manager to it.
 */
export function AdminOrganisationTable({
  organisations,
  onEdit,
  onInviteManager,
}: {
  organisations: readonly AdminOrganisation[];
  onEdit: (organisation: AdminOrganisation) => void;
  onInviteManager: (organisation: AdminOrganisation) => void;
}) {
  const headers = copy.columns;
  const columns: TableColumn<AdminOrganisation>[] = [
    {
      header: headers.name,
      rowHeader: true,
      className: 'min-w-40',
      cell: (organisation) => organisation.name,
    },
    {
      header: headers.kind,
      className: 'whitespace-nowrap',
      cell: (organisation) => kindLabels[organisation.kind],
    },
    {
      header: headers.seats,
      className: 'whitespace-nowrap tabular-nums',
      cell: (organisation) => copy.seats(organisation.seats_used, organisation.seats),
    },
    {
      header: headers.term,
      cell: (organisation) => (
        <span className="flex flex-col items-start gap-1">
          <span className="whitespace-nowrap">
            {copy.term(
              formatDate(organisation.term_starts_on),
              formatDate(organisation.term_ends_on),
            )}
          </span>
          <Badge variant={statusBadge[organisation.status]}>
            {statusLabels[organisation.status]}
          </Badge>
        </span>
      ),
    },
    {
      header: headers.managers,
      className: 'min-w-48',
      cell: (organisation) => <Managers organisation={organisation} />,
    },
    {
      header: headers.actions,
      actions: true,
      cell: (organisation) => (
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={copy.editLabel(organisation.name)}
            onClick={() => onEdit(organisation)}
          >
            {copy.edit}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="whitespace-nowrap"
            aria-label={copy.inviteManagerLabel(organisation.name)}
            onClick={() => onInviteManager(organisation)}
          >
            {copy.inviteManager}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <ScrollTable
      caption={copy.caption}
      columns={columns}
      rows={organisations}
      rowKey={(organisation) => organisation.id}
    />
  );
}
