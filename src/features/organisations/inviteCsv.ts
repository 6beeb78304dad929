import Papa from 'papaparse';
import { MAX_INVITES, type Invitee } from './api';

/**
 * The people of an invitation CSV file, read in the browser: a header row naming the columns
 * (email, required; name and cohort, optional; any order, any case, other columns ignored), then
 * one person per row. Blank lines are skipped; the addresses are not checked here, since
 * invite_organisation_members answers each row (an invalid address is one of its results).
 *
 * Loaded with import() when a file is chosen, so papaparse is not in the page's first download.
 */

export type InviteCsvError =
  | { kind: 'empty' }
  | { kind: 'noEmailColumn' }
  | { kind: 'tooMany'; rows: number }
  | { kind: 'unreadable' };

export type InviteCsvResult =
  { ok: true; people: Invitee[] } | { ok: false; error: InviteCsvError };

const byteOrderMark = /^\uFEFF/;

function header(name: string): string {
  return name
    .replace(byteOrderMark, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** The header names a column may have, as `header` writes them ("E-mail address": emailaddress). */
const columnNames = {
  email: ['email', 'emailaddress'],
  name: ['name', 'fullname'],
  cohort: ['cohort', 'group'],
} satisfies Record<keyof Invitee, string[]>;

function cell(row: readonly string[], index: number): string {
  return index < 0 ? '' : (row[index] ?? '').trim();
}

export function parseInviteCsv(text: string): InviteCsvResult {
  const parsed = Papa.parse<string[]>(text.replace(byteOrderMark, ''), {
    skipEmptyLines: 'greedy',
  });
  // A quote left open swallows the rest of the file: nothing after it can be trusted.
  if (parsed.errors.some((error) => error.type === 'Quotes')) {
    return { ok: false, error: { kind: 'unreadable' } };
  }
  const [headerRow, ...rows] = parsed.data;
  if (!headerRow) return { ok: false, error: { kind: 'empty' } };
  const headers = headerRow.map(header);
  const column = (key: keyof Invitee) =>
    headers.findIndex((name) => columnNames[key].includes(name));
  const email = column('email');
  if (email < 0) return { ok: false, error: { kind: 'noEmailColumn' } };
  const name = column('name');
  const cohort = column('cohort');

  // A row of empty cells (a spreadsheet's trailing commas) is a blank line too.
  const people = rows
    .filter((row) => row.some((value) => value.trim() !== ''))
    .map((row): Invitee => {
      const person: Invitee = { email: cell(row, email) };
      const personName = cell(row, name);
      const personCohort = cell(row, cohort);
      if (personName) person.name = personName;
      if (personCohort) person.cohort = personCohort;
      return person;
    });
  if (people.length === 0) return { ok: false, error: { kind: 'empty' } };
  if (people.length > MAX_INVITES) {
    return { ok: false, error: { kind: 'tooMany', rows: people.length } };
  }
  return { ok: true, people };
}
