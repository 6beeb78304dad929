import { leadsCsv, leadsPage } from '@/content/sales';
import { csvColumns, isoTimestamp } from '@/lib/csvColumns';
import type { CsvExportRequest } from '@/lib/csvExport';
import { fetchLeads, type Lead, type LeadQuery } from './api';

/** The leads' CSV columns, headed as src/content/sales.ts names them. */
export const leadCsvColumns = csvColumns<Lead, keyof typeof leadsCsv.columns>(leadsCsv.columns, {
  id: (lead) => lead.id,
  receivedAt: (lead) => isoTimestamp(lead.created_at),
  firstName: (lead) => lead.first_name,
  lastName: (lead) => lead.last_name,
  email: (lead) => lead.email,
  subject: (lead) => lead.subject,
  message: (lead) => lead.message,
  status: (lead) => leadsPage.statuses[lead.status],
  note: (lead) => lead.note,
  updatedAt: (lead) => isoTimestamp(lead.updated_at),
});

/** The export of the leads as the page shows them: its search and status filter, every page. */
export function leadsCsvExport(
  filter: Pick<LeadQuery, 'search' | 'status'>,
): CsvExportRequest<Lead> {
  return {
    list: leadsCsv.list,
    columns: leadCsvColumns,
    source: (page, pageSize, signal) => fetchLeads({ ...filter, page, pageSize }, signal),
  };
}
