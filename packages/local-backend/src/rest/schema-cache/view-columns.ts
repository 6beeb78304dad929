import type pg from 'pg';

/** A base table column a view column shows unchanged: the table's oid and the column's attnum. */
export interface ColumnOrigin {
  tableOid: number;
  attnum: number;
}

/** View oid -> one entry per view column (in attnum order): its origin, if it has one. */
export type ViewColumnOrigins = Map<number, (ColumnOrigin | undefined)[]>;

interface ViewRow {
  oid: number;
  definition: string;
}

const viewsSql = `
  select c.oid::int as oid, pg_get_viewdef(c.oid) as definition
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1) and c.relkind in ('v', 'm')`;

/**
 * Where each column of the exposed views comes from, so a view keeps its tables' keys as PostgREST
 * keeps them. Postgres reports, for every column a query returns, the table column it was read
 * from unchanged; running a view's own definition (with no rows) therefore names the tables behind
 * it. A view over another view is followed down to the table.
 */
export async function loadViewColumnOrigins(
  pool: pg.Pool,
  schemas: readonly string[],
): Promise<ViewColumnOrigins> {
  const direct = new Map<number, (ColumnOrigin | undefined)[]>();
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin read only');
    // An empty search path makes pg_get_viewdef qualify every name it prints.
    await client.query(`set local search_path = ''`);
    const { rows } = await client.query<ViewRow>(viewsSql, [schemas]);
    for (const view of rows) {
      const definition = view.definition.trim().replace(/;$/, '');
      await client.query('savepoint pgrst_view');
      try {
        const result = await client.query({
          text: `select * from (${definition}) as pgrst_view limit 0`,
          rowMode: 'array',
        });
        direct.set(
          view.oid,
          result.fields.map((field) =>
            field.tableID && field.columnID
              ? { tableOid: field.tableID, attnum: field.columnID }
              : undefined,
          ),
        );
        await client.query('release savepoint pgrst_view');
      } catch {
        // A definition that cannot run on its own leaves the view readable but without keys.
        await client.query('rollback to savepoint pgrst_view');
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }

  const resolved: ViewColumnOrigins = new Map();
  const resolve = (
    origin: ColumnOrigin | undefined,
    seen: Set<number>,
  ): ColumnOrigin | undefined => {
    if (!origin) return undefined;
    const inner = direct.get(origin.tableOid);
    if (!inner) return origin;
    if (seen.has(origin.tableOid)) return undefined;
    return resolve(inner[origin.attnum - 1], new Set([...seen, origin.tableOid]));
  };
  for (const [oid, origins] of direct) {
    resolved.set(
      oid,
      origins.map((origin) => resolve(origin, new Set([oid]))),
    );
  }
  return resolved;
}
