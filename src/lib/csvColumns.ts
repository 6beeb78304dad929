/** The columns of a CSV file: what each is headed and what each row gives it. */

export type CsvValue = string | number | boolean | null;

/** One column of a CSV file: its header and each row's value (dates as ISO 8601). */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/**
 * The columns of a file: `headers` (a content module's words) in their order, each with its value.
 * Typed so that every header has a value and every value a header.
 */
export function csvColumns<Row, Key extends string>(
  headers: Record<Key, string>,
  values: Record<Key, (row: Row) => CsvValue>,
): CsvColumn<Row>[] {
  return (Object.keys(headers) as Key[]).map((key) => ({
    header: headers[key],
    value: values[key],
  }));
}

/** A timestamp as ISO 8601 in UTC ("2026-11-24T09:05:00.000Z"); null stays empty. */
export function isoTimestamp(timestamp: string | null): string | null {
  return timestamp === null ? null : new Date(timestamp).toISOString();
}
