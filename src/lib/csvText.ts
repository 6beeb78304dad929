import Papa from 'papaparse';
import type { CsvColumn } from './csvColumns';

/**
 * A spreadsheet reads a cell that starts with one of these as a formula. papaparse's own pattern
 * for `escapeFormulae: true` stops at a line break, so a multi-line cell (a lead's message) would
 * slip through; this one looks at the first character only.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** Excel reads a CSV file as UTF-8 only when it starts with the byte order mark. */
const byteOrderMark = '\uFEFF';

/**
 * The CSV file's text (RFC 4180: quoted where needed, CRLF line ends) with the columns' headers
 * first. Loaded with import() when an export starts, so papaparse is in no page's first download.
 */
export function csvText<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return (
    byteOrderMark +
    Papa.unparse(
      {
        fields: columns.map((column) => column.header),
        data: rows.map((row) => columns.map((column) => column.value(row) ?? '')),
      },
      { escapeFormulae: formulaStart, newline: '\r\n' },
    )
  );
}
