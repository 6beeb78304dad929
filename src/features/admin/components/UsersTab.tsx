import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/dates';
import { AdminListPanel } from './AdminListPanel';

export function UsersTab() {
  return (
    <AdminListPanel
      tab="users"
      caption="All users"
      empty="No users"
      rowKey={(row) => row.id}
      columns={[
        { header: 'Name', rowHeader: true, cell: (row) => row.name || '—' },
        { header: 'Email', cell: (row) => row.email },
        { header: 'Joined', cell: (row) => formatDate(row.created_at) },
        {
          header: 'Roles',
          cell: (row) =>
            row.user_roles.length > 0 ? (
              <span className="flex flex-wrap gap-1">
                {row.user_roles.map(({ role }) => (
                  <Badge key={role}>{role}</Badge>
                ))}
              </span>
            ) : (
              <Badge variant="outline">user</Badge>
            ),
        },
      ]}
    />
  );
}
