import { strToU8, zipSync } from 'fflate';
import type { CsvColumn, CsvValue } from '@/lib/csvColumns';
import { csvText } from '@/lib/csvText';
import { isRecord, type DataExport, type ExportRecord } from './exportFormat';

// Loaded with import() when the user asks for their data: the zip and CSV writers are in no page's
// first download.

/** The whole export, as the database answered it. */
export const jsonFileName = 'revolve-data.json';

/** "learning_records" gives learning-records.csv. */
export function csvFileNameOf(kind: string): string {
  return `${kind.replaceAll('_', '-')}.csv`;
}

/** A cell: text, numbers and yes/no as they are; a nested value (a statement's object) as JSON. */
function cell(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return JSON.stringify(value);
}

/** The columns of a kind of record: every field any of its records has, in the order first met. */
function columnsOf(records: readonly ExportRecord[]): CsvColumn<ExportRecord>[] {
  const fields = new Set<string>();
  for (const record of records) for (const field of Object.keys(record)) fields.add(field);
  return [...fields].map((field) => ({ header: field, value: (record) => cell(record[field]) }));
}

/**
 * The files of the download, by name: the whole export as JSON (indented, to be read), and a CSV
 * file for the profile and for each kind of record, with a header row of its fields.
 */
export function dataExportFiles(data: DataExport): Record<string, string> {
  const files: Record<string, string> = { [jsonFileName]: JSON.stringify(data, null, 2) };
  for (const [kind, value] of Object.entries(data)) {
    const records = Array.isArray(value)
      ? value.filter(isRecord)
      : isRecord(value)
        ? [value]
        : null;
    if (records) files[csvFileNameOf(kind)] = csvText(columnsOf(records), records);
  }
  return files;
}

/** The download itself: the files in a zip. */
export function dataExportZip(data: DataExport): Uint8Array {
  const files = dataExportFiles(data);
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
  );
}
