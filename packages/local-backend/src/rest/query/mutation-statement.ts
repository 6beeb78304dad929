import { quoteIdent } from '../../db/quote-ident';
import { restError } from '../errors';
import type { DeleteAction, InsertAction, MutationAction, UpdateAction } from '../plan/mutation';
import type { PlanFilter } from '../plan/read-plan';
import { filterSql } from './filter-sql';
import { qualified, type SqlParams } from './sql';

/** The written rows themselves (to read back), or only enough to count them. */
type Returning = 'rows' | 'count';

const returningSql = (table: string, returning: Returning, upsert: boolean) =>
  returning === 'count'
    ? 'returning 1 as pgrst_one'
    : `returning ${quoteIdent(table)}.*${upsert ? `, (${quoteIdent(table)}.xmax = 0) as pgrst_inserted` : ''}`;

/** `with pgrst_mutation as (...)`: the write, whose rows the rest of the statement reads. */
export function mutationCte(action: MutationAction, params: SqlParams): string {
  const returning: Returning = action.representation ? 'rows' : 'count';
  if (action.kind === 'insert') return insertCte(action, returning, params);
  if (action.kind === 'update') return updateCte(action, returning, params);
  return deleteCte(action, returning, params);
}

/**
 * The body is one bound JSON parameter that json_populate_recordset turns into typed rows, as
 * PostgREST does. With `missing=default`, rows are inserted in groups by the keys they carry, so
 * each missing column takes its DEFAULT.
 */
function insertCte(action: InsertAction, returning: Returning, params: SqlParams): string {
  const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
  for (const row of action.rows) {
    const columns = action.missingDefault
      ? action.columns.filter((column) => Object.hasOwn(row, column))
      : action.columns;
    const key = JSON.stringify(columns);
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const { schema, name } = action.relation;
  const table = qualified(schema, name);
  const alias = quoteIdent(name);
  const { onConflict } = action;
  const statements = [...groups.values()].map(({ columns, rows }) => {
    const names = columns.map(quoteIdent);
    const target = names.length ? ` (${names.join(', ')})` : '';
    const values = names.map((column) => `pgrst_body.${column}`).join(', ');
    let conflict = '';
    if (onConflict) {
      const keys = onConflict.columns.map(quoteIdent).join(', ');
      conflict =
        onConflict.action === 'ignore' || names.length === 0
          ? ` on conflict (${keys}) do nothing`
          : ` on conflict (${keys}) do update set ${names
              .map((column) => `${column} = excluded.${column}`)
              .join(', ')}`;
    }
    return (
      `insert into ${table} as ${alias}${target} select ${values} ` +
      `from json_populate_recordset(null::${table}, ${params.add(JSON.stringify(rows))}::json) as pgrst_body` +
      `${conflict} ${returningSql(name, returning, !!onConflict)}`
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
function requireWhere(filters: PlanFilter[], command: 'UPDATE' | 'DELETE'): void {
  if (filters.length === 0) {
    throw restError(400, '21000', `${command} requires a WHERE clause`);
  }
}

function updateCte(action: UpdateAction, returning: Returning, params: SqlParams): string {
  const { filters } = action.plan;
  requireWhere(filters, 'UPDATE');
  const { schema, name } = action.relation;
  const table = qualified(schema, name);
  const assignments = action.columns
    .map((column) => `${quoteIdent(column)} = pgrst_body.${quoteIdent(column)}`)
    .join(', ');
  return (
    `with pgrst_mutation as (update ${table} as ${quoteIdent(name)} set ${assignments} ` +
    `from (select * from json_populate_record(null::${table}, ${params.add(JSON.stringify(action.values))}::json)) as pgrst_body ` +
    `where ${whereSql(name, filters, params)} ${returningSql(name, returning, false)})`
  );
}

function deleteCte(action: DeleteAction, returning: Returning, params: SqlParams): string {
  const { filters } = action.plan;
  requireWhere(filters, 'DELETE');
  const { schema, name } = action.relation;
  return (
    `with pgrst_mutation as (delete from ${qualified(schema, name)} as ${quoteIdent(name)} ` +
    `where ${whereSql(name, filters, params)} ${returningSql(name, returning, false)})`
  );
}
