import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/dates';
import { AdminListPanel } from './AdminListPanel';

export function ExpiredTrialsTab() {
  return (
    <AdminListPanel
      tab="expired"
      caption="Expired trials"
      empty="No expired trials"
      rowKey={(row) => row.id}
      columns={[
        { header: 'Name', rowHeader: true, cell: (row) => row.profile_name || '—' },
        { header: 'Email', cell: (row) => row.profile_email },
        { header: 'Expired', cell: (row) => formatDate(row.expired_at) },
        {
          header: 'Re-trial',
          cell: (row) =>
            row.can_retrial ? (
              <Badge variant="secondary">Allowed</Badge>
            ) : (
              <Badge variant="outline">Not allowed</Badge>
            ),
        },
      ]}
    />
  );
}
