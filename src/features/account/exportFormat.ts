/**
 * The shape of the data download as `public.export_my_data()` answers it (docs/data-rights.md):
 * read by the page that asks for it and by the zip builder, which loads apart.
 */

/** One record of the export: its fields as the database names them. */
export type ExportRecord = Record<string, unknown>;

/**
 * What `export_my_data()` answers: the format and moment, the profile, and one array per kind of
 * record (trials, unlocks, learning_records, certificates, memberships, notifications,
 * invitations, and whatever a later version adds).
 */
export interface DataExport {
  format: string;
  exported_at: string;
  profile: ExportRecord;
  [kind: string]: unknown;
}

export function isRecord(value: unknown): value is ExportRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isDataExport(value: unknown): value is DataExport {
  return (
    isRecord(value) &&
    typeof value.format === 'string' &&
    typeof value.exported_at === 'string' &&
    isRecord(value.profile)
  );
}
