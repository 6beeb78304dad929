import { Button } from '@/components/ui/button';
import { leadsPage as copy } from '@/content/sales';
import { formatUkDateTime } from '@/lib/dates';
import type { Lead } from '../api';
import { useWideScreen } from '../hooks';
import { LeadStatusBadge } from './LeadStatusBadge';
import { ScrollTable } from '@/components/ui/scroll-table';

const fullName = (lead: Lead) => `${lead.first_name} ${lead.last_name}`;

function OpenButton({ lead, onOpen }: { lead: Lead; onOpen: (lead: Lead) => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={copy.openAccessibleLabel(fullName(lead))}
      onClick={() => onOpen(lead)}
    >
      {copy.open}
    </Button>
  );
}

/** One page of leads: a table from 640 px, cards below. `status` says why a page is empty. */
export function LeadList({ leads, onOpen }: { leads: Lead[]; onOpen: (lead: Lead) => void }) {
  const wide = useWideScreen();
  const { columns } = copy;

  if (!wide) {
    return (
      <ul aria-label={copy.caption} className="space-y-3">
        {leads.map((lead) => (
          <li key={lead.id} className="space-y-2 rounded-lg border bg-card p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold">{fullName(lead)}</p>
              <LeadStatusBadge status={lead.status} />
            </div>
            <p className="break-all text-sm">{lead.email}</p>
            <p className="text-sm">{lead.subject}</p>
            <div className="flex items-center justify-between gap-3">
              <p className="text-xs text-muted-foreground">{formatUkDateTime(lead.created_at)}</p>
              <OpenButton lead={lead} onOpen={onOpen} />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ScrollTable caption={copy.caption} headers={Object.values(columns)}>
      {leads.map((lead) => (
        <tr key={lead.id}>
          <td className="whitespace-nowrap px-4 py-3">{formatUkDateTime(lead.created_at)}</td>
          <th scope="row" className="px-4 py-3 text-left font-medium">
            {fullName(lead)}
          </th>
          <td className="px-4 py-3">{lead.email}</td>
          <td className="min-w-48 px-4 py-3">{lead.subject}</td>
          <td className="px-4 py-3">
            <LeadStatusBadge status={lead.status} />
          </td>
          <td className="px-4 py-3">
            <OpenButton lead={lead} onOpen={onOpen} />
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
