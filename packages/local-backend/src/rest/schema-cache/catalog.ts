import type pg from 'pg';
import { loadViewColumnOrigins, type ViewColumnOrigins } from './view-columns';

export interface RelationRow {
  oid: number;
  schema: string;
  name: string;
  relkind: string;
}

export interface ColumnRow {
  relid: number;
  name: string;
  type: string;
  base_type: string;
  is_array: boolean;
  not_null: boolean;
  has_default: boolean;
}

export interface PrimaryKeyRow {
  table_oid: number;
  columns: string[];
}

export interface GraphRelationRow {
  oid: number;
  schema: string;
  name: string;
  relkind: string;
  attnums: number[];
  attnames: string[];
  primary_key: number[] | null;
}

export interface ForeignKeyRow {
  name: string;
  table_oid: number;
  foreign_table_oid: number;
  columns: number[];
  foreign_columns: number[];
  one_to_one: boolean;
}

export interface RowFunctionRow {
  name: string;
  table_oid: number;
  returns_set: boolean;
  single_row: boolean;
  returns_oid: number | null;
  return_type: string;
  base_type: string;
  is_array: boolean;
  is_void: boolean;
}

export interface RoutineRow {
  oid: number;
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  return_type: string;
  return_typtype: string;
  return_relid: number;
  is_void: boolean;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  all_arg_types: string[] | null;
  defaults: number;
}

export interface RoleSettingsRow {
  role: string;
  settings: string[];
}

const relationsSql = `
  select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind::text as relkind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

const columnsSql = `
  select a.attrelid::int as relid, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
    coalesce(elem.typname, t.typname) as base_type, t.typcategory = 'A' as is_array,
    a.attnotnull as not_null, (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_type elem on elem.oid = t.typelem and t.typcategory = 'A'
  where a.attnum > 0 and not a.attisdropped
    and (n.nspname = any($1) or c.relkind = 'c')
  order by a.attrelid, a.attnum`;

const primaryKeysSql = `
  select con.conrelid::int as table_oid,
    array(select a.attname from unnest(con.conkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i)::text[] as columns
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1) and con.contype = 'p'`;

/** Every user relation (foreign keys may lead out of the exposed schemas and back through a view). */
const graphRelationsSql = `
  select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind::text as relkind,
    array(select a.attnum::int from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as attnums,
    array(select a.attname::text from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as attnames,
    (select array(select k::int from unnest(pk.conkey) with ordinality u(k, i) order by i)
       from pg_constraint pk where pk.conrelid = c.oid and pk.contype = 'p') as primary_key
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'f')
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`;

const foreignKeysSql = `
  with keys as (
    select conrelid, array_agg(k order by k) as columns
    from pg_constraint, unnest(conkey) as k
    where contype in ('p', 'u')
    group by oid, conrelid
  )
  select con.conname as name, con.conrelid::int as table_oid, con.confrelid::int as foreign_table_oid,
    array(select k::int from unnest(con.conkey) with ordinality u(k, i) order by i) as columns,
    array(select k::int from unnest(con.confkey) with ordinality u(k, i) order by i) as foreign_columns,
    array(select k from unnest(con.conkey) as k order by k) in
      (select columns from keys where keys.conrelid = con.conrelid) as one_to_one
  from pg_constraint con
  where con.contype = 'f' and con.conparentid = 0`;

/**
 * Functions of exactly one argument, a row of a relation in the function's own exposed schema:
 * computed columns and relationships.
 */
const rowFunctionsSql = `
  select p.proname as name, arg.oid::int as table_oid,
    p.proretset as returns_set, (not p.proretset or p.prorows = 1) as single_row,
    ret.oid::int as returns_oid, format_type(p.prorettype, null) as return_type,
    coalesce(elem.typname, t.typname) as base_type, t.typcategory = 'A' as is_array,
    p.prorettype = 'void'::regtype as is_void
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type argt on argt.oid = p.proargtypes[0]
  join pg_class arg on arg.oid = argt.typrelid and arg.relkind in ('r', 'p', 'v', 'm', 'f')
  join pg_type t on t.oid = p.prorettype
  left join pg_type elem on elem.oid = t.typelem and t.typcategory = 'A'
  left join pg_class ret on ret.oid = t.typrelid and ret.relkind in ('r', 'p', 'v', 'm', 'f')
  where n.nspname = any($1) and arg.relnamespace = p.pronamespace
    and p.pronargs = 1 and p.prokind = 'f'`;

const routinesSql = `
  select p.oid::int as oid, n.nspname as schema, p.proname as name,
    p.provolatile::text as volatility,
    p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
    t.typtype::text as return_typtype, t.typrelid::int as return_relid,
    p.prorettype = 'void'::regtype as is_void,
    p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
    array(select format_type(x, null) from unnest(p.proargtypes) with ordinality u(x, i) order by i) as arg_types,
    case when p.proallargtypes is not null then
      array(select format_type(x, null) from unnest(p.proallargtypes) with ordinality u(x, i) order by i)
    end as all_arg_types,
    p.pronargdefaults::int as defaults
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  where n.nspname = any($1) and p.prokind = 'f'
    and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`;

const roleSettingsSql = `
  select r.rolname as role, s.setconfig as settings
  from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
  where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`;

export interface Catalog {
  relations: RelationRow[];
  columns: ColumnRow[];
  primaryKeys: PrimaryKeyRow[];
  routines: RoutineRow[];
  roleSettings: RoleSettingsRow[];
  roles: string[];
  graphRelations: GraphRelationRow[];
  foreignKeys: ForeignKeyRow[];
  rowFunctions: RowFunctionRow[];
  viewOrigins: ViewColumnOrigins;
}

/** What pg_catalog says about the exposed schemas, as rows. */
export async function readCatalog(pool: pg.Pool, schemas: readonly string[]): Promise<Catalog> {
  const exposed = [schemas];
  const [relations, columns, primaryKeys, routines, roleSettings, roles] = await Promise.all([
    pool.query<RelationRow>(relationsSql, exposed),
    pool.query<ColumnRow>(columnsSql, exposed),
    pool.query<PrimaryKeyRow>(primaryKeysSql, exposed),
    pool.query<RoutineRow>(routinesSql, exposed),
    pool.query<RoleSettingsRow>(roleSettingsSql),
    pool.query<{ rolname: string }>('select rolname from pg_roles'),
  ]);
  const [graphRelations, foreignKeys, rowFunctions, viewOrigins] = await Promise.all([
    pool.query<GraphRelationRow>(graphRelationsSql),
    pool.query<ForeignKeyRow>(foreignKeysSql),
    pool.query<RowFunctionRow>(rowFunctionsSql, exposed),
    loadViewColumnOrigins(pool, schemas),
  ]);
  return {
    relations: relations.rows,
    columns: columns.rows,
    primaryKeys: primaryKeys.rows,
    routines: routines.rows,
    roleSettings: roleSettings.rows,
    roles: roles.rows.map((row) => row.rolname),
    graphRelations: graphRelations.rows,
    foreignKeys: foreignKeys.rows,
    rowFunctions: rowFunctions.rows,
    viewOrigins,
  };
}
