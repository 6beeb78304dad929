import { quoteIdent } from '../../db/quote-ident';
import { maxAffectedViolation } from '../errors';
import type { CallAction } from '../plan/call';
import { countsRows } from '../request/preferences';
import { routineCall } from './call-statement';
import { readStatement } from './read-statement';
import { noResponseSettings, type ReadRow, type StatementResult } from './result';
import { responseSettings, transaction, type QuerySession } from './session';
import { SqlParams } from './sql';

interface CallStatement {
  sql: string;
  /** Answers one object: without exactly one row the call's changes are rolled back. */
  singular: boolean;
}

function callStatement(
  action: CallAction,
  session: QuerySession,
  params: SqlParams,
): CallStatement {
  const { request, maxRows } = session;
  const { routine } = action.choice;
  const { argumentsFrom, call } = routineCall(action.choice, action.args, action.body, params);
  const lateralCall = `${argumentsFrom ? `${argumentsFrom} cross join lateral ` : ''}${call}`;
  const fromClause = argumentsFrom ? ` from ${argumentsFrom}` : '';
  const counts = countsRows(request.preferences);
  const { returns, format } = action;
  if (returns.kind === 'rows') {
    const shape = request.method === 'HEAD' ? 'none' : returns.set ? format.shape : 'object';
    const sql = readStatement({
      plan: returns.plan,
      from: `${lateralCall} as ${quoteIdent(routine.name)}`,
      alias: routine.name,
      params,
      count: counts ? 'exact' : 'none',
      shape,
      stripNulls: format.stripNulls,
      maxRows,
      applyRootFilters: true,
    });
    return { sql, singular: shape === 'object' };
  }
  if (returns.kind === 'void') return { sql: `select ${call}${fromClause}`, singular: false };
  if (returns.kind === 'scalar') {
    const sql = `select 1::bigint as page_count, to_json(${call})::text as body${fromClause}`;
    return { sql, singular: false };
  }
  const limit = Math.min(returns.limit ?? maxRows, maxRows);
  const values = `${lateralCall} as pgrst_scalar(pgrst_value)`;
  const total = counts ? `(select count(*) from ${values})` : 'null';
  const sql =
    `select ${total}::bigint as total, count(*)::bigint as page_count, coalesce(json_agg(pgrst_scalar.pgrst_value), '[]'::json)::text as body ` +
    `from (select pgrst_value from ${values} limit ${params.add(limit)} offset ${params.add(returns.offset)}) as pgrst_scalar`;
  return { sql, singular: false };
}

/**
 * Runs the call in the request's transaction. A singular answer without exactly one row, or more
 * rows than a strict `max-affected` allows, rolls back whatever the function changed.
 */
export async function runCall(action: CallAction, session: QuerySession): Promise<StatementResult> {
  const params = new SqlParams();
  const { sql, singular } = callStatement(action, session, params);
  const { maxAffected } = action;
  return transaction(session, action.readOnly, async (client) => {
    const { rows } = await client.query<ReadRow>(sql, params.values);
    const row = rows[0];
    const pageCount = Number(row?.page_count ?? 0);
    if (singular && pageCount !== 1) {
      return { value: { row, settings: noResponseSettings }, commit: false };
    }
    if (maxAffected !== undefined && pageCount > maxAffected) {
      throw maxAffectedViolation(pageCount);
    }
    return { value: { row, settings: await responseSettings(client) }, commit: true };
  });
}
