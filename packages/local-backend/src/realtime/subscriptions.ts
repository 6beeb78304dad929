import type pg from 'pg';
import type { ChangeType } from './changes';
import { checkConditionValues, parseFilter, type FilterCondition } from './filters';

/** One `.on('postgres_changes', …)` binding of a joined channel, ready to match changes. */
export interface PostgresBinding {
  id: number;
  event: '*' | ChangeType;
  schema: string;
  /** undefined (or '*') for every published table of the schema. */
  table: string | undefined;
  conditions: FilterCondition[];
}

export interface PreparedBindings {
  /** The requested bindings echoed in order with an `id` each, as the join reply carries them. */
  echo: Record<string, unknown>[];
  bindings: PostgresBinding[];
  /** Why the database subscription was refused (every binding of the channel then gets nothing). */
  error: string | undefined;
}

const EVENTS = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * Hosted Realtime's binding id is a hash of the binding's parameters, so equal bindings share an id;
 * this is a 27-bit FNV-1a hash of the parameters with their keys sorted.
 */
export function bindingId(params: Record<string, unknown>): number {
  const canonical = JSON.stringify(params, Object.keys(params).sort());
  let hash = 0x811c9dc5;
  for (const char of Buffer.from(canonical, 'utf8')) {
    hash ^= char;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7ffffff;
}

/** Checks the requested bindings against the catalog and the publication, as hosted does at join. */
export async function prepareBindings(
  pool: pg.Pool,
  publication: string,
  requested: unknown[],
): Promise<PreparedBindings> {
  const echo: Record<string, unknown>[] = [];
  const bindings: PostgresBinding[] = [];
  let error: string | undefined;
  for (const item of requested) {
    const params =
      item && typeof item === 'object' && !Array.isArray(item)
        ? (item as Record<string, unknown>)
        : {};
    const id = bindingId(params);
    echo.push({ ...params, id });
    const result = await prepareBinding(pool, publication, params, id);
    if (typeof result === 'string') error ??= result;
    else bindings.push(result);
  }
  return { echo, bindings, error };
}

async function prepareBinding(
  pool: pg.Pool,
  publication: string,
  params: Record<string, unknown>,
  id: number,
): Promise<PostgresBinding | string> {
  const { schema, table, filter } = params;
  const event = typeof params.event === 'string' ? params.event.toUpperCase() : undefined;
  const refused = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe(params)}`;
  if (!EVENTS.includes(event as (typeof EVENTS)[number])) return refused;
  if (typeof schema !== 'string' || schema === '') return refused;
  if (table !== undefined && typeof table !== 'string') return refused;
  if (filter !== undefined && typeof filter !== 'string') return refused;
  const wholeSchema = table === undefined || table === '*';

  const published = await pool.query<{ relid: number }>(
    `select c.oid::int as relid
       from pg_publication_tables p
       join pg_namespace n on n.nspname = p.schemaname
       join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
      where p.pubname = $1 and ($2 = '*' or p.schemaname = $2) and ($3::text is null or p.tablename = $3)`,
    [publication, schema, wholeSchema ? null : table],
  );
  const relationId = published.rows[0]?.relid;
  if (relationId === undefined) return refused;

  let conditions: FilterCondition[] = [];
  if (filter !== undefined && filter !== '') {
    if (wholeSchema) return `${refused}: a filter needs a table`;
    const parsed = parseFilter(filter);
    if (!parsed.ok) return `Error parsing \`filter\` params: ${parsed.message}`;
    for (const condition of parsed.conditions) {
      const column = await pool.query<{ sql_type: string }>(
        `select format_type(atttypid, null) as sql_type from pg_attribute
          where attrelid = $1 and attname = $2 and attnum > 0 and not attisdropped`,
        [relationId, condition.column],
      );
      const sqlType = column.rows[0]?.sql_type;
      if (!sqlType) return `invalid column for filter ${condition.column}`;
      const invalid = await checkConditionValues(pool, sqlType, condition);
      if (invalid) return `invalid value for filter ${condition.column}: ${invalid}`;
    }
    conditions = parsed.conditions;
  }
  return {
    id,
    event: event as PostgresBinding['event'],
    schema,
    table: wholeSchema ? undefined : table,
    conditions,
  };
}

function describe(params: Record<string, unknown>): string {
  const entries = Object.entries(params).map(([key, value]) => `${key}: ${String(value)}`);
  return `[${entries.join(', ')}]`;
}

export function bindingMatches(
  binding: PostgresBinding,
  change: { type: ChangeType; relation: { schema: string; table: string } },
): boolean {
  return (
    (binding.event === '*' || binding.event === change.type) &&
    (binding.schema === '*' || binding.schema === change.relation.schema) &&
    (binding.table === undefined || binding.table === change.relation.table)
  );
}
