import { findModule } from '@/content/modules';
import { formatDate } from '@/lib/dates';
import { AdminListPanel } from './AdminListPanel';

export function ModuleUnlocksTab() {
  return (
    <AdminListPanel
      tab="unlocks"
      caption="Module unlocks"
      empty="No module unlocks"
      rowKey={(row) => row.id}
      columns={[
        { header: 'Name', rowHeader: true, cell: (row) => row.profile_name || '—' },
        { header: 'Email', cell: (row) => row.profile_email },
        { header: 'Module', cell: (row) => findModule(row.module_name)?.title ?? row.module_name },
        { header: 'Unlocked', cell: (row) => formatDate(row.unlocked_at) },
      ]}
    />
  );
}
