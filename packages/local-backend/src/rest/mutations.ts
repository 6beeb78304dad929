import { restError } from './errors';
import { filterSql } from './query-builder';
import type { PlanFilter } from './read-plan';
import { qualified, type SqlParams } from './sql';
import { quoteIdent } from '../db/quote-ident';

export type Returning = 'rows' | 'count';

export interface InsertSpec {
  table: string;
  rows: Record<string, unknown>[];
  /** The columns written; a row without one of them gets NULL, or its DEFAULT with `missingDefault`. */
  columns: string[];
  missingDefault: boolean;
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
  returning: Returning;
}

const returningSql = (table: string, returning: Returning, upsert: boolean) =>
  returning === 'count'
    ? 'returning 1 as pgrst_one'
    : `returning ${quoteIdent(table)}.*${upsert ? `, (${quoteIdent(table)}.xmax = 0) as pgrst_inserted` : ''}`;

/**
 * `with pgrst_mutation as (insert ...)`: the body is one bound JSON parameter that
 * json_populate_recordset turns into typed rows, as PostgREST does. With `missing=default`, rows
 * are inserted in groups by the keys they carry, so each missing column takes its DEFAULT.
 */
export function insertCte(spec: InsertSpec, params: SqlParams): string {
  const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
  for (const row of spec.rows) {
    const columns = spec.missingDefault
      ? spec.columns.filter((column) => Object.hasOwn(row, column))
      : spec.columns;
    const key = JSON.stringify(columns);
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const table = qualified(spec.table);
  const alias = quoteIdent(spec.table);
  const statements = [...groups.values()].map(({ columns, rows }) => {
    const names = columns.map(quoteIdent);
    const target = names.length ? ` (${names.join(', ')})` : '';
    const values = names.map((name) => `pgrst_body.${name}`).join(', ');
    let conflict = '';
    if (spec.onConflict) {
      const keys = spec.onConflict.columns.map(quoteIdent).join(', ');
      conflict =
        spec.onConflict.action === 'ignore' || names.length === 0
          ? ` on conflict (${keys}) do nothing`
          : ` on conflict (${keys}) do update set ${names
              .map((name) => `${name} = excluded.${name}`)
              .join(', ')}`;
    }
    return (
      `insert into ${table} as ${alias}${target} select ${values} ` +
      `from json_populate_recordset(null::${table}, ${params.add(JSON.stringify(rows))}::json) as pgrst_body` +
      `${conflict} ${returningSql(spec.table, spec.returning, !!spec.onConflict)}`
    );
  });
  if (statements.length === 1) return `with pgrst_mutation as (${statements[0]})`;
  const parts = statements.map((statement, index) => `pgrst_part${index} as (${statement})`);
  const union = statements
    .map((_, index) => `select * from pgrst_part${index}`)
    .join(' union all ');
  return `with ${parts.join(', ')}, pgrst_mutation as (${union})`;
}

function whereSql(table: string, filters: PlanFilter[], params: SqlParams): string {
  return filters.map((filter) => filterSql(filter, table, params)).join(' and ');
}

/** pg-safeupdate, which Supabase preloads: a write without a WHERE clause is refused. */
export function requireWhere(filters: PlanFilter[], command: 'UPDATE' | 'DELETE'): void {
  if (filters.length === 0) {
    throw restError(400, '21000', `${command} requires a WHERE clause`);
  }
}

export function updateCte(
  table: string,
  values: Record<string, unknown>,
  columns: string[],
  filters: PlanFilter[],
  returning: Returning,
  params: SqlParams,
): string {
  requireWhere(filters, 'UPDATE');
  const qualifiedTable = qualified(table);
  const assignments = columns
    .map((column) => `${quoteIdent(column)} = pgrst_body.${quoteIdent(column)}`)
    .join(', ');
  return (
    `with pgrst_mutation as (update ${qualifiedTable} as ${quoteIdent(table)} set ${assignments} ` +
    `from (select * from json_populate_record(null::${qualifiedTable}, ${params.add(JSON.stringify(values))}::json)) as pgrst_body ` +
    `where ${whereSql(table, filters, params)} ${returningSql(table, returning, false)})`
  );
}

export function deleteCte(
  table: string,
  filters: PlanFilter[],
  returning: Returning,
  params: SqlParams,
): string {
  requireWhere(filters, 'DELETE');
  return (
    `with pgrst_mutation as (delete from ${qualified(table)} as ${quoteIdent(table)} ` +
    `where ${whereSql(table, filters, params)} ${returningSql(table, returning, false)})`
  );
}
