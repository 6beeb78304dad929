import { describe, expect, it, vi } from 'vitest';
import { csvText } from '@/lib/csvText';
import { memberRow, progressCell } from '@/test/organisationServer';
import { stepsOf, supabaseFake } from '@/test/supabaseFake';
import {
  cellsByMember,
  cellText,
  completionCsvColumns,
  completionCsvExport,
  matrixModules,
  matrixRows,
} from './progressCsv';

vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const sam = memberRow({ id: 'm1', name: 'Sam Patel', email: 'sam@example.org' });
const jo = memberRow({
  id: 'm2',
  name: 'Jo Smith',
  email: 'jo@example.org',
  cohort_name: 'Nurses',
  assigned: 1,
  completed: 0,
  overdue: 1,
});

const samDementia = progressCell({
  member_id: 'm1',
  module: 'dementia',
  state: 'completed',
  percent: 100,
  completed_at: '2026-11-12T10:00:00Z',
  certificate_code: 'ABCDEFGHJKLM',
});
const samHomeVisits = progressCell({
  member_id: 'm1',
  module: 'home-visits',
  state: 'in_progress',
  percent: 40,
});
const joDementia = progressCell({
  member_id: 'm2',
  module: 'dementia',
  due_on: '2026-11-01',
  overdue: true,
});
// Unlocked with the organisation's code: no due date.
const joChronicPain = progressCell({ member_id: 'm2', module: 'chronic-pain', due_on: null });
const cells = [samDementia, samHomeVisits, joDementia, joChronicPain];

describe('the completion matrix', () => {
  it("has a column for each module in any cell, in the catalogue's order", () => {
    // modules.ts lists home-visits, then dementia, ..., chronic-pain.
    expect(matrixModules(cells)).toEqual(['home-visits', 'dementia', 'chronic-pain']);
    expect(matrixModules([])).toEqual([]);
  });

  it('puts each cell under its member and module, and leaves the rest blank', () => {
    const [samRow, joRow] = matrixRows([sam, jo], cellsByMember(cells));
    expect(samRow?.member).toBe(sam);
    expect(samRow?.cells.get('dementia')?.state).toBe('completed');
    expect(samRow?.cells.get('home-visits')?.percent).toBe(40);
    expect(samRow?.cells.has('chronic-pain')).toBe(false);
    expect(joRow?.cells.get('dementia')?.overdue).toBe(true);
    expect(joRow?.cells.has('home-visits')).toBe(false);
    // A member with no cell at all has an empty row.
    const [nobody] = matrixRows([memberRow({ id: 'm3' })], cellsByMember(cells));
    expect(nobody?.cells.size).toBe(0);
  });

  it('says where the member is in words', () => {
    expect(cellText(samDementia)).toBe('Completed 12 Nov 2026');
    expect(cellText(samHomeVisits)).toBe('In progress 40%');
    expect(cellText(joDementia)).toBe('Not started');
  });
});

describe("the completion matrix's CSV", () => {
  const modules = matrixModules(cells);
  const columns = completionCsvColumns(modules);
  const rows = matrixRows([sam, jo], cellsByMember(cells));

  it("has the member's columns, then one per module headed by its title", () => {
    expect(columns.map((column) => column.header)).toEqual([
      'Name',
      'E-mail',
      'Cohort',
      'Completed',
      'Assigned',
      'Overdue',
      'Home Visits',
      'Dementia',
      'Chronic Pain',
    ]);
  });

  it('writes each cell as the page does, overdue in words, blank where not assigned', () => {
    const values = rows.map((row) => columns.map((column) => column.value(row)));
    expect(values).toEqual([
      [
        'Sam Patel',
        'sam@example.org',
        null,
        1,
        2,
        0,
        'In progress 40%',
        'Completed 12 Nov 2026',
        null,
      ],
      [
        'Jo Smith',
        'jo@example.org',
        'Nurses',
        0,
        1,
        1,
        null,
        'Not started (Overdue)',
        'Not started',
      ],
    ]);
  });

  it("keeps a spreadsheet from reading a member's name as a formula", () => {
    const sneaky = memberRow({ id: 'm9', name: '=HYPERLINK("http://evil.example")' });
    const text = csvText(columns, matrixRows([sneaky], cellsByMember([])));
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});

describe("the completion matrix's export", () => {
  it('reads every member of the filters page by page, and the cells once', async () => {
    supabaseFake.reset();
    supabaseFake.answer('rpc:organisation_members', ({ steps }) => {
      const [from] = stepsOf({ target: '', args: null, steps }, 'range').at(-1) ?? [0];
      return from === 0 ? { data: [sam], count: 2 } : { data: [jo], count: 2 };
    });
    supabaseFake.answer('rpc:organisation_progress', { data: cells, count: cells.length });
    const request = completionCsvExport({
      organisationId: 'org1',
      filters: { search: 'a', cohort: null, sort: 'overdue' },
      modules: matrixModules(cells),
    });
    const signal = new AbortController().signal;
    const first = await request.source(0, 1, signal);
    const second = await request.source(1, 1, signal);

    expect(request.list).toBe('completion');
    expect(first.total).toBe(2);
    expect([...first.rows, ...second.rows].map(({ member }) => member.name)).toEqual([
      'Sam Patel',
      'Jo Smith',
    ]);
    expect(second.rows[0]?.cells.get('dementia')?.overdue).toBe(true);
    expect(supabaseFake.calls('rpc:organisation_progress')).toHaveLength(1);
    const read = supabaseFake.lastCall('rpc:organisation_members');
    expect(read.args).toEqual({ organisation_id: 'org1' });
    expect(stepsOf(read, 'or')).toEqual([['name.ilike.%a%,email.ilike.%a%']]);
    expect(stepsOf(read, 'range')).toEqual([[1, 1]]);
  });
});
