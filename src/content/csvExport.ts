/**
 * The CSV export of the admin lists (/admin's tabs and /admin/leads): its button, its progress and
 * its failure toast. Each list's columns are named beside the list's other words (./admin.ts,
 * ./sales.ts).
 */
const count = (rows: number) => rows.toLocaleString('en-GB');

export const csvExport = {
  button: 'Export CSV',
  cancel: 'Cancel export',
  progressLabel: 'Export progress',
  starting: 'Exporting…',
  progress: (done: number, total: number) => `Exporting… ${count(done)} of ${count(total)}`,
  done: (rows: number) => `Exported ${count(rows)} ${rows === 1 ? 'row' : 'rows'}.`,
  cancelled: 'Export cancelled.',
  failed: {
    title: 'Export Failed',
    description: 'The CSV file could not be created. Please try again.',
  },
  /** "revolve-leads-2026-11-24.csv": the list and the day of the export. */
  fileName: (list: string, isoDay: string) => `revolve-${list}-${isoDay}.csv`,
};
