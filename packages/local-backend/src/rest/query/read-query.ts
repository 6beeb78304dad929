import type pg from 'pg';
import { quoteIdent } from '../../db/quote-ident';
import type { ReadAction } from '../plan/read';
import type { Preferences } from '../request/preferences';
import { plannedCountStatement, readStatement, type ReadStatementOptions } from './read-statement';
import type { ReadRow } from './result';
import { transaction, type QuerySession } from './session';
import { qualified, SqlParams } from './sql';

/** How each `count=` preference counts in SQL; the planner is asked afterwards (countFor). */
const countModes = { exact: 'exact', estimated: 'limited', planned: 'none' } as const;

export async function runRead(
  action: ReadAction,
  session: QuerySession,
): Promise<ReadRow | undefined> {
  const { request, maxRows } = session;
  const { relation, plan, format } = action;
  const { preferences } = request;
  const statement: ReadStatementOptions = {
    plan,
    from: `${qualified(relation.schema, relation.name)} as ${quoteIdent(relation.name)}`,
    alias: relation.name,
    params: new SqlParams(),
    count: preferences.count ? countModes[preferences.count] : 'none',
    shape: request.method === 'HEAD' ? 'none' : format.shape,
    stripNulls: format.stripNulls,
    maxRows,
    applyRootFilters: true,
  };
  const sql = readStatement(statement);
  return transaction(session, true, async (client) => {
    const { rows } = await client.query<ReadRow>(sql, statement.params.values);
    const read = rows[0];
    if (read) read.total = await countFor(client, statement, read.total, preferences, maxRows);
    return { value: read, commit: true };
  });
}

/**
 * The total PostgREST reports for a read: `count=planned` is the planner's estimate, and
 * `count=estimated` the exact count unless that passes max-rows, then the larger of the two.
 */
async function countFor(
  client: pg.PoolClient,
  statement: ReadStatementOptions,
  counted: string | null,
  preferences: Preferences,
  maxRows: number,
): Promise<string | null> {
  const { count } = preferences;
  const exceeds = count === 'estimated' && Number(counted) > maxRows;
  if (count !== 'planned' && !exceeds) return counted;
  const params = new SqlParams();
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    plannedCountStatement({ ...statement, params }),
    params.values,
  );
  const planned = rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'];
  if (planned === undefined) return counted;
  return String(exceeds ? Math.max(planned, Number(counted)) : planned);
}
