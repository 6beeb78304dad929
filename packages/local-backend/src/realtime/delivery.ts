import type pg from 'pg';
import type { Logger } from '../http/types';
import type { JwtClaims } from '../jwt';
import type { RowValues, TableChange } from './changes';
import { evaluateComparisons, type Comparison } from './filters';
import type { RelationColumn } from './pgoutput';
import { AccessSnapshot, visibleRows, type RowCheck, type TableSecurity } from './rls';
import { bindingMatches, type PostgresBinding } from './subscriptions';
import type { TypeCatalog } from './types';

/** A joined channel with an active database subscription. */
export interface ChangeSubscriber {
  claims: JwtClaims & { role: string };
  bindings: PostgresBinding[];
  /** Sends a `postgres_changes` event; a subscriber that left meanwhile ignores it. */
  deliver(payload: { ids: number[]; data: Record<string, unknown> }): void;
}

export interface DeliveryDeps {
  pool: pg.Pool;
  types: TypeCatalog;
  log: Logger;
}

interface Candidate {
  change: TableChange;
  subscriber: ChangeSubscriber;
  ids: number[];
}

const NO_PRIMARY_KEY = 'Error 400: Bad Request, no primary key';

/**
 * Fans a batch of changes out to subscribers, in commit order: bindings matching the table and
 * event, then their filters, then what the subscriber's role may read (column grants, and RLS by
 * looking the row up as that role), as hosted Realtime decides it.
 */
export async function deliverChanges(
  deps: DeliveryDeps,
  changes: TableChange[],
  subscribers: ChangeSubscriber[],
): Promise<void> {
  if (subscribers.length === 0 || changes.length === 0) return;
  await deps.types.load(
    changes.flatMap((change) => change.relation.columns.map((column) => column.typeOid)),
  );

  const candidates = await matchFilters(deps, changes, subscribers);
  if (candidates.length === 0) return;

  const snapshot = await AccessSnapshot.load(
    deps.pool,
    [...new Set(candidates.map((candidate) => candidate.change.relation.id))],
    [...new Set(candidates.map((candidate) => candidate.subscriber.claims.role))],
  );

  type Decision =
    | { kind: 'drop' }
    | { kind: 'send'; table: TableSecurity; readable: Set<string>; errors: string[] | null }
    | { kind: 'check'; table: TableSecurity; readable: Set<string>; group: string; slot: number };
  const checksByClaims = new Map<
    string,
    { claims: ChangeSubscriber['claims']; rows: RowCheck[] }
  >();

  const decisions: Decision[] = candidates.map(({ change, subscriber }) => {
    const role = snapshot.role(subscriber.claims.role);
    const table = snapshot.table(change.relation.id);
    const readable = snapshot.readableColumns(change.relation.id, subscriber.claims.role);
    if (!role?.allowed || !table || readable.size === 0) return { kind: 'drop' };
    const needsRowCheck = table.rowSecurity && change.type !== 'DELETE' && !role.bypassRls;
    if (!needsRowCheck) return { kind: 'send', table, readable, errors: null };
    if (table.primaryKey.length === 0) {
      return { kind: 'send', table, readable, errors: [NO_PRIMARY_KEY] };
    }
    const key = rowKey(deps, change, table);
    if (!key || !table.primaryKey.every((column) => readable.has(column))) return { kind: 'drop' };
    const group = JSON.stringify(subscriber.claims);
    const entry = checksByClaims.get(group) ?? { claims: subscriber.claims, rows: [] };
    checksByClaims.set(group, entry);
    entry.rows.push({ schema: change.relation.schema, table: change.relation.table, key });
    return { kind: 'check', table, readable, group, slot: entry.rows.length - 1 };
  });

  const visibility = new Map<string, boolean[]>();
  await Promise.all(
    [...checksByClaims].map(async ([group, { claims, rows }]) => {
      try {
        visibility.set(group, await visibleRows(deps.pool, claims, rows));
      } catch (error) {
        // A role that does not exist, or claims a policy cannot read: that subscriber sees nothing.
        deps.log.error(`realtime: row visibility check as ${claims.role} failed`, error);
        visibility.set(group, []);
      }
    }),
  );

  candidates.forEach((candidate, index) => {
    const decision = decisions[index] as Decision;
    if (decision.kind === 'drop') return;
    if (decision.kind === 'check' && !visibility.get(decision.group)?.[decision.slot]) return;
    const errors = decision.kind === 'send' ? decision.errors : null;
    candidate.subscriber.deliver({
      ids: candidate.ids,
      data: changeData(deps.types, candidate.change, decision.table, decision.readable, errors),
    });
  });
}

/** The (change, subscriber) pairs with at least one binding whose table, event and filter match. */
async function matchFilters(
  deps: DeliveryDeps,
  changes: TableChange[],
  subscribers: ChangeSubscriber[],
): Promise<Candidate[]> {
  const comparisons: Comparison[] = [];
  const comparisonIndex = new Map<string, number>();
  const pending: {
    change: TableChange;
    subscriber: ChangeSubscriber;
    tests: [number, number[]][];
  }[] = [];

  changes.forEach((change, changeIndex) => {
    const row = change.type === 'DELETE' ? change.oldValues : change.newValues;
    for (const subscriber of subscribers) {
      const tests: [number, number[]][] = [];
      for (const binding of subscriber.bindings) {
        if (!bindingMatches(binding, change)) continue;
        const indexes: number[] = [];
        for (const condition of binding.conditions) {
          const column = change.relation.columns.find((item) => item.name === condition.column);
          const sqlType = column && deps.types.get(column.typeOid)?.sqlName;
          if (!column || !sqlType) {
            indexes.push(-1);
            continue;
          }
          const key = JSON.stringify([changeIndex, sqlType, condition]);
          let index = comparisonIndex.get(key);
          if (index === undefined) {
            index = comparisons.length;
            comparisons.push({ sqlType, condition, value: row?.[column.name] ?? null });
            comparisonIndex.set(key, index);
          }
          indexes.push(index);
        }
        tests.push([binding.id, indexes]);
      }
      if (tests.length > 0) pending.push({ change, subscriber, tests });
    }
  });

  let results: boolean[] = [];
  if (comparisons.length > 0) {
    try {
      results = await evaluateComparisons(deps.pool, comparisons);
    } catch (error) {
      deps.log.error('realtime: evaluating filters failed', error);
    }
  }

  const candidates: Candidate[] = [];
  for (const { change, subscriber, tests } of pending) {
    const ids = new Set<number>();
    for (const [id, indexes] of tests) {
      if (indexes.every((index) => index >= 0 && results[index] === true)) ids.add(id);
    }
    if (ids.size > 0) candidates.push({ change, subscriber, ids: [...ids] });
  }
  return candidates;
}

function rowKey(
  deps: DeliveryDeps,
  change: TableChange,
  table: TableSecurity,
): RowCheck['key'] | undefined {
  const key: RowCheck['key'] = [];
  for (const name of table.primaryKey) {
    const column = change.relation.columns.find((item) => item.name === name);
    const value = change.newValues?.[name];
    const sqlType = column && deps.types.get(column.typeOid)?.sqlName;
    if (!sqlType || typeof value !== 'string') return undefined;
    key.push({ column: name, sqlType, value });
  }
  return key;
}

/** The `data` of a postgres_changes event (C5), limited to the columns the role can read. */
function changeData(
  types: TypeCatalog,
  change: TableChange,
  table: TableSecurity,
  readable: Set<string>,
  errors: string[] | null,
): Record<string, unknown> {
  const columns = change.relation.columns.filter((column) => readable.has(column.name));
  const data: Record<string, unknown> = {
    schema: change.relation.schema,
    table: change.relation.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: columns.map((column) => ({
      name: column.name,
      type: types.get(column.typeOid)?.name ?? 'text',
    })),
  };
  const withheld = errors !== null;
  if (change.newValues) {
    data.record = withheld ? {} : rowJson(types, columns, change.newValues);
  }
  if (change.type !== 'INSERT') {
    // The old row is whole only under REPLICA IDENTITY FULL, and never for a DELETE on an RLS table.
    const keyOnly = !change.oldIsFullRow || (change.type === 'DELETE' && table.rowSecurity);
    const keyColumns = columns.filter((column) => table.primaryKey.includes(column.name));
    const source = keyOnly
      ? { ...change.newValues, ...change.oldValues }
      : (change.oldValues ?? {});
    data.old_record = withheld ? {} : rowJson(types, keyOnly ? keyColumns : columns, source);
  }
  data.errors = errors;
  return data;
}

function rowJson(
  types: TypeCatalog,
  columns: RelationColumn[],
  values: RowValues,
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of columns) {
    const value = values[column.name];
    // An unchanged TOASTed value was not sent by Postgres; leaving it out beats inventing it.
    if (value !== undefined) record[column.name] = types.toJson(column.typeOid, value);
  }
  return record;
}
