import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { CsvColumn } from './csvColumns';
import { csvText } from './csvText';

interface Row {
  name: string;
  note: string | null;
  count: number;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Note', value: (row) => row.note },
  { header: 'Count', value: (row) => row.count },
];

describe('csvText', () => {
  it('starts with the UTF-8 byte order mark and the headers, with CRLF line ends', () => {
    const text = csvText(columns, [{ name: 'Zoë Ó Briain', note: null, count: 3 }]);
    expect(text).toBe('\uFEFFName,Note,Count\r\nZoë Ó Briain,,3');
  });

  it('quotes commas, quotes and line breaks so the values read back unchanged', () => {
    const rows: Row[] = [
      { name: 'Doe, Jane', note: 'She said "yes"\nthen left', count: 1 },
      { name: 'Plain', note: '', count: 0 },
    ];
    const parsed = Papa.parse<string[]>(csvText(columns, rows).slice(1), { newline: '\r\n' });
    expect(parsed.data).toEqual([
      ['Name', 'Note', 'Count'],
      ['Doe, Jane', 'She said "yes"\nthen left', '1'],
      ['Plain', '', '0'],
    ]);
  });

  it('escapes a cell a spreadsheet would run as a formula, on one line or several', () => {
    // A leading tab or carriage return too: some spreadsheets drop it and read what follows.
    const rows = [
      '=HYPERLINK("http://x")',
      '+1',
      '-2',
      '@SUM(A1)',
      '=1+1\nsecond line',
      "\t=cmd|'/c calc'!A1",
      '\r=1+1',
    ].map((name) => ({ name, note: null, count: 0 }));
    const parsed = Papa.parse<string[]>(csvText(columns, rows).slice(1), { newline: '\r\n' });
    expect(parsed.data.slice(1).map(([name]) => name)).toEqual([
      '\'=HYPERLINK("http://x")',
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'=1+1\nsecond line",
      "'\t=cmd|'/c calc'!A1",
      "'\r=1+1",
    ]);
  });
});
