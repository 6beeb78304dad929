import { adminCsv } from '@/content/admin';
import { findModule } from '@/content/modules';
import { csvColumns, isoTimestamp, type CsvColumn } from '@/lib/csvColumns';
import type { CsvExportRequest } from '@/lib/csvExport';
import { fetchAdminList, type AdminRows, type AdminTab } from './api';

/** The dashboard's lists that export as CSV (the admins do not: a handful, shown in full). */
export type ExportableTab = Exclude<AdminTab, 'admins'>;

type RowOf<Tab extends AdminTab> = AdminRows<Tab>[number];

/** Each exportable list's CSV columns, headed as src/content/admin.ts names them. */
export const adminCsvColumns: { [Tab in ExportableTab]: CsvColumn<RowOf<Tab>>[] } = {
  pending: csvColumns<RowOf<'pending'>, keyof typeof adminCsv.pending.columns>(
    adminCsv.pending.columns,
    {
      id: (row) => row.id,
      firstName: (row) => row.first_name,
      lastName: (row) => row.last_name,
      email: (row) => row.email,
      submittedAt: (row) => isoTimestamp(row.submitted_at),
    },
  ),
  active: csvColumns<RowOf<'active'>, keyof typeof adminCsv.active.columns>(
    adminCsv.active.columns,
    {
      id: (row) => row.id,
      userId: (row) => row.user_id,
      name: (row) => row.profile_name,
      email: (row) => row.profile_email,
      grantedAt: (row) => isoTimestamp(row.granted_at),
      expiresAt: (row) => isoTimestamp(row.expires_at),
    },
  ),
  expired: csvColumns<RowOf<'expired'>, keyof typeof adminCsv.expired.columns>(
    adminCsv.expired.columns,
    {
      id: (row) => row.id,
      name: (row) => row.profile_name,
      email: (row) => row.profile_email,
      expiredAt: (row) => isoTimestamp(row.expired_at),
      canRetrial: (row) => row.can_retrial,
    },
  ),
  users: csvColumns<RowOf<'users'>, keyof typeof adminCsv.users.columns>(adminCsv.users.columns, {
    id: (row) => row.id,
    name: (row) => row.name,
    email: (row) => row.email,
    joinedAt: (row) => isoTimestamp(row.created_at),
    roles: (row) => row.user_roles.map(({ role }) => role).join('; '),
  }),
  unlocks: csvColumns<RowOf<'unlocks'>, keyof typeof adminCsv.unlocks.columns>(
    adminCsv.unlocks.columns,
    {
      id: (row) => row.id,
      name: (row) => row.profile_name,
      email: (row) => row.profile_email,
      module: (row) => findModule(row.module_name)?.title ?? row.module_name,
      moduleSlug: (row) => row.module_name,
      unlockedAt: (row) => isoTimestamp(row.unlocked_at),
    },
  ),
};

export function isExportable(tab: AdminTab): tab is ExportableTab {
  return tab in adminCsvColumns;
}

/** The export of a list as the dashboard shows it: its search, every page. */
export function adminCsvExport<Tab extends ExportableTab>(
  tab: Tab,
  search: string,
): CsvExportRequest<RowOf<Tab>> {
  return {
    list: adminCsv[tab].list,
    columns: adminCsvColumns[tab] as CsvColumn<RowOf<Tab>>[],
    source: (page, pageSize, signal) => fetchAdminList(tab, { page, search, pageSize }, signal),
  };
}
