import { Button } from '@/components/ui/button';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { leadsPage as copy } from '@/content/sales';
import { formatDateTime } from '@/lib/dates';
import type { Lead } from '../api';
import { LeadStatusBadge } from './LeadStatusBadge';

const fullName = (lead: Lead) => `${lead.first_name} ${lead.last_name}`;

/** One page of leads: a table from 640 px, cards below. */
export function LeadList({ leads, onOpen }: { leads: Lead[]; onOpen: (lead: Lead) => void }) {
  const { columns: headers } = copy;
  const columns: TableColumn<Lead>[] = [
    {
      header: headers.received,
      className: 'whitespace-nowrap',
      cell: (lead) => formatDateTime(lead.created_at),
    },
    { header: headers.name, rowHeader: true, cell: fullName },
    { header: headers.email, cell: (lead) => lead.email },
    { header: headers.subject, className: 'min-w-48', cell: (lead) => lead.subject },
    { header: headers.status, cell: (lead) => <LeadStatusBadge status={lead.status} /> },
    {
      header: headers.actions,
      actions: true,
      cell: (lead) => (
        <Button
          variant="outline"
          size="sm"
          aria-label={copy.openAccessibleLabel(fullName(lead))}
          onClick={() => onOpen(lead)}
        >
          {copy.open}
        </Button>
      ),
    },
  ];

  return (
    <ScrollTable caption={copy.caption} columns={columns} rows={leads} rowKey={(lead) => lead.id} />
  );
}
