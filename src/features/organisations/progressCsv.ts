import { completionCsv, completionMatrix } from '@/content/organisation';
import { findModule, moduleSlugs } from '@/content/modules';
import { csvColumns, type CsvColumn } from '@/lib/csvColumns';
import type { CsvExportRequest } from '@/lib/csvExport';
import { formatDate } from '@/lib/dates';
import {
  fetchMembers,
  fetchProgress,
  type Member,
  type MemberQuery,
  type ProgressCell,
} from './api';

/**
 * The completion matrix: members down, modules across. organisation_progress answers one cell per
 * member and module the organisation shows them (assigned, or unlocked with its codes); the matrix
 * shows the modules that appear in any cell, and a blank where a module is not shown to a member.
 */

/** A member's cells by module. */
export type MemberCells = ReadonlyMap<string, ProgressCell>;

/** One row of the matrix: the member and their cells. */
export interface MatrixRow {
  member: Member;
  cells: MemberCells;
}

/** The modules of the matrix's columns: every module of a cell, in the catalogue's order. */
export function matrixModules(cells: readonly ProgressCell[]): string[] {
  const present = new Set<string>();
  for (const { module } of cells) if (module) present.add(module);
  const order = (slug: string) => {
    const index = moduleSlugs.findIndex((known) => known === slug);
    return index < 0 ? moduleSlugs.length : index;
  };
  return [...present].sort((a, b) => order(a) - order(b) || a.localeCompare(b, 'en'));
}

/** The cells by member (their membership's id), then by module. */
export function cellsByMember(
  cells: readonly ProgressCell[],
): Map<string, Map<string, ProgressCell>> {
  const byMember = new Map<string, Map<string, ProgressCell>>();
  for (const cell of cells) {
    if (!cell.member_id || !cell.module) continue;
    let own = byMember.get(cell.member_id);
    if (!own) {
      own = new Map();
      byMember.set(cell.member_id, own);
    }
    own.set(cell.module, cell);
  }
  return byMember;
}

const noCells: MemberCells = new Map();

/** The matrix's rows for `members`, in their order. */
export function matrixRows(
  members: readonly Member[],
  cells: ReadonlyMap<string, MemberCells>,
): MatrixRow[] {
  return members.map((member) => ({ member, cells: cells.get(member.id) ?? noCells }));
}

/** A module's title, or its slug for one the catalogue does not know. */
export function moduleTitle(slug: string): string {
  return findModule(slug)?.title ?? slug;
}

/** What a cell says: "Not started", "In progress 40%", "Completed 12 Nov 2026". */
export function cellText(cell: ProgressCell): string {
  switch (cell.state) {
    case 'not_started':
      return completionMatrix.notStarted;
    case 'in_progress':
      return completionMatrix.inProgress(cell.percent ?? 0);
    case 'completed':
      return cell.completed_at
        ? completionMatrix.completed(formatDate(cell.completed_at))
        : completionMatrix.completedUndated;
  }
}

/** The CSV's columns: the member's, then one per module, headed by its title. */
export function completionCsvColumns(modules: readonly string[]): CsvColumn<MatrixRow>[] {
  const memberColumns = csvColumns<MatrixRow, keyof typeof completionCsv.columns>(
    completionCsv.columns,
    {
      name: ({ member }) => member.name,
      email: ({ member }) => member.email,
      cohort: ({ member }) => member.cohort_name,
      completed: ({ member }) => member.completed,
      assigned: ({ member }) => member.assigned,
      overdue: ({ member }) => member.overdue,
    },
  );
  const moduleColumns = modules.map((module): CsvColumn<MatrixRow> => ({
    header: moduleTitle(module),
    value: ({ cells }) => {
      const cell = cells.get(module);
      return cell ? completionCsv.cell(cellText(cell), cell.overdue === true) : null;
    },
  }));
  return [...memberColumns, ...moduleColumns];
}

/**
 * The export of the matrix: every member of the current search and cohort, in the current order,
 * page after page, beside every cell (read once). `modules` are the columns the page shows.
 */
export function completionCsvExport({
  organisationId,
  filters,
  modules,
}: {
  organisationId: string;
  filters: Pick<MemberQuery, 'search' | 'cohort' | 'sort'>;
  modules: readonly string[];
}): CsvExportRequest<MatrixRow> {
  let cells: Promise<Map<string, MemberCells>> | undefined;
  return {
    list: completionCsv.list,
    columns: completionCsvColumns(modules),
    source: async (page, pageSize, signal) => {
      cells ??= fetchProgress(organisationId, signal).then(cellsByMember);
      const [members, byMember] = await Promise.all([
        fetchMembers(organisationId, { ...filters, page, pageSize }, signal),
        cells,
      ]);
      return { rows: matrixRows(members.rows, byMember), total: members.total };
    },
  };
}
