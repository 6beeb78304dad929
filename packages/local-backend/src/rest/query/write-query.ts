import { quoteIdent } from '../../db/quote-ident';
import { maxAffectedViolation } from '../errors';
import type { MutationAction } from '../plan/mutation';
import { mutationCte } from './mutation-statement';
import { readStatement } from './read-statement';
import { noResponseSettings, type ReadRow, type StatementResult } from './result';
import { responseSettings, transaction, type QuerySession } from './session';
import { SqlParams } from './sql';

/** The rows a representation of a write may list: no limit but the write's own. */
const unlimited = Number.MAX_SAFE_INTEGER;

/** An insert that may merge into existing rows, read back: it tells inserted rows apart. */
export const isReadBackUpsert = (action: MutationAction) =>
  action.kind === 'insert' && !!action.onConflict && action.representation;

function writeStatement(action: MutationAction, params: SqlParams): string {
  const cte = mutationCte(action, params);
  const { name } = action.relation;
  const plan = action.representation ? action.plan : undefined;
  if (!plan) {
    return `${cte} select null::bigint as total, count(*)::bigint as page_count, null::text as body,
         count(*)::bigint as affected from pgrst_mutation`;
  }
  return readStatement({
    plan,
    with: cte,
    from: `(select *, row_number() over () as pgrst_ordinal from pgrst_mutation) as ${quoteIdent(name)}`,
    fallbackOrder: `${quoteIdent(name)}.pgrst_ordinal`,
    alias: name,
    params,
    count: 'none',
    shape: action.format.shape,
    stripNulls: action.format.stripNulls,
    maxRows: unlimited,
    applyRootFilters: false,
    extraColumns: [
      '(select count(*) from pgrst_mutation)::bigint as affected',
      ...(isReadBackUpsert(action)
        ? ['(select count(*) from pgrst_mutation where pgrst_inserted)::bigint as inserted']
        : []),
    ],
  });
}

/**
 * Runs a write and reads back either its row count or its representation; a singular request that
 * did not touch exactly one row is rolled back, and so is one that touched more rows than a strict
 * `max-affected` allows.
 */
export async function runWrite(
  action: MutationAction,
  session: QuerySession,
): Promise<StatementResult> {
  const params = new SqlParams();
  const sql = writeStatement(action, params);
  const maxAffected = action.kind === 'insert' ? undefined : action.maxAffected;
  return transaction(session, false, async (client) => {
    const { rows } = await client.query<ReadRow>(sql, params.values);
    const row = rows[0];
    const affected = Number(row?.affected ?? 0);
    if (action.format.shape === 'object' && affected !== 1) {
      return { value: { row, settings: noResponseSettings }, commit: false };
    }
    if (maxAffected !== undefined && affected > maxAffected) throw maxAffectedViolation(affected);
    return { value: { row, settings: await responseSettings(client) }, commit: true };
  });
}
