import type pg from 'pg';
import type { JwtClaims } from '../jwt';
import { quoteIdent } from '../db/quote-ident';

export interface TableSecurity {
  rowSecurity: boolean;
  /** Primary key columns in key order; empty for a table without one. */
  primaryKey: string[];
}

export interface RoleInfo {
  bypassRls: boolean;
  /** Whether the API's login role may become it (as PostgREST requires of a JWT's role). */
  allowed: boolean;
}

/**
 * What decides who may see a change, read fresh for each batch so grants and policies changed by a
 * migration apply at once: tables' RLS flags and keys, roles, and each role's readable columns.
 */
export class AccessSnapshot {
  private constructor(
    private readonly tables: Map<number, TableSecurity>,
    private readonly roles: Map<string, RoleInfo>,
    private readonly readable: Map<string, Set<string>>,
  ) {}

  static async load(
    pool: pg.Pool,
    relationIds: number[],
    roles: string[],
  ): Promise<AccessSnapshot> {
    const [tables, roleRows, columnRows] = await Promise.all([
      pool.query<{ relid: number; rls: boolean; pk: string[] }>(
        `select c.oid::int as relid, c.relrowsecurity as rls,
                coalesce((select array_agg(a.attname::text order by k.ord)
                            from pg_index i
                            cross join unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
                            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                           where i.indrelid = c.oid and i.indisprimary), '{}') as pk
           from pg_class c where c.oid = any($1::oid[])`,
        [relationIds],
      ),
      pool.query<{ role: string; bypass: boolean; allowed: boolean }>(
        `select r.rolname::text as role, r.rolbypassrls as bypass,
                pg_has_role('authenticator', r.oid, 'MEMBER') as allowed
           from pg_roles r where r.rolname = any($1::text[])`,
        [roles],
      ),
      pool.query<{ relid: number; role: string; columns: string[] }>(
        `select a.attrelid::int as relid, r.rolname::text as role,
                array_agg(a.attname::text) as columns
           from pg_attribute a cross join pg_roles r
          where a.attrelid = any($1::oid[]) and r.rolname = any($2::text[])
            and a.attnum > 0 and not a.attisdropped
            and has_column_privilege(r.oid, a.attrelid, a.attnum, 'SELECT')
          group by a.attrelid, r.rolname`,
        [relationIds, roles],
      ),
    ]);
    return new AccessSnapshot(
      new Map(tables.rows.map((row) => [row.relid, { rowSecurity: row.rls, primaryKey: row.pk }])),
      new Map(
        roleRows.rows.map((row) => [row.role, { bypassRls: row.bypass, allowed: row.allowed }]),
      ),
      new Map(columnRows.rows.map((row) => [`${row.relid}:${row.role}`, new Set(row.columns)])),
    );
  }

  table(relationId: number): TableSecurity | undefined {
    return this.tables.get(relationId);
  }

  role(name: string): RoleInfo | undefined {
    return this.roles.get(name);
  }

  readableColumns(relationId: number, role: string): Set<string> {
    return this.readable.get(`${relationId}:${role}`) ?? new Set();
  }
}

/** A row to look up by primary key: the key's columns, their SQL types and the row's values. */
export interface RowCheck {
  schema: string;
  table: string;
  key: { column: string; sqlType: string; value: string }[];
}

const ROWS_PER_QUERY = 500;

/**
 * Which rows a subscriber can SELECT right now, asked the way the REST layer asks: in a
 * transaction as the subscriber's role, with its claims in request.jwt.claims so policies calling
 * auth.uid() see them. A policy error hides the rows it was asked about rather than failing all.
 */
export async function visibleRows(
  pool: pg.Pool,
  claims: JwtClaims & { role: string },
  checks: RowCheck[],
): Promise<boolean[]> {
  const visible = checks.map(() => false);
  if (checks.length === 0) return visible;

  const groups = new Map<string, number[]>();
  checks.forEach((check, index) => {
    const shape = JSON.stringify([
      check.schema,
      check.table,
      check.key.map((part) => [part.column, part.sqlType]),
    ]);
    groups.set(shape, [...(groups.get(shape) ?? []), index]);
  });

  const client = await pool.connect();
  try {
    await client.query('begin read only');
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
      [claims.role, JSON.stringify(claims)],
    );
    for (const indexes of groups.values()) {
      for (let start = 0; start < indexes.length; start += ROWS_PER_QUERY) {
        const chunk = indexes.slice(start, start + ROWS_PER_QUERY);
        const found = await lookUp(client, chunk, checks);
        for (const index of found) visible[index] = true;
      }
    }
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
  return visible;
}

async function lookUp(
  client: pg.PoolClient,
  indexes: number[],
  checks: RowCheck[],
): Promise<number[]> {
  const first = checks[indexes[0] ?? 0] as RowCheck;
  const params: unknown[] = [];
  const rows = indexes.map((index) => {
    const check = checks[index] as RowCheck;
    params.push(index);
    const cells = [`$${params.length}::int`];
    for (const part of check.key) {
      params.push(part.value);
      cells.push(`($${params.length}::text)::${part.sqlType}`);
    }
    return `(${cells.join(', ')})`;
  });
  const keyNames = first.key.map((_, position) => `k${position}`);
  const join = first.key
    .map((part, position) => `t.${quoteIdent(part.column)} = wanted.k${position}`)
    .join(' and ');
  const sql = `select wanted.i from (values ${rows.join(', ')}) as wanted(i, ${keyNames.join(', ')})
    where exists (select 1 from ${quoteIdent(first.schema)}.${quoteIdent(first.table)} t where ${join})`;
  await client.query('savepoint row_check');
  try {
    const result = await client.query<{ i: number }>(sql, params);
    await client.query('release savepoint row_check');
    return result.rows.map((row) => row.i);
  } catch {
    await client.query('rollback to savepoint row_check');
    return [];
  }
}
