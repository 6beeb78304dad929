import type pg from 'pg';

export interface ColumnInfo {
  name: string;
  /** format_type() of the column, e.g. 'bigint', 'text[]', 'timestamp with time zone'. */
  type: string;
  /** The element type's name for arrays, else the type's own name (pg_type.typname). */
  baseType: string;
  isArray: boolean;
  nullable: boolean;
  hasDefault: boolean;
}

export interface RelationInfo {
  name: string;
  kind: 'table' | 'view';
  columns: ColumnInfo[];
  columnsByName: Map<string, ColumnInfo>;
  primaryKey: string[];
  /** Primary key and unique constraints, each as its column list (for one-to-one detection). */
  uniqueKeys: string[][];
}

export interface ForeignKeyInfo {
  name: string;
  table: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

export type RoutineResult =
  | { kind: 'void' }
  | { kind: 'scalar'; set: boolean; type: string }
  | { kind: 'row'; set: boolean; columns: ColumnInfo[]; relation: string | undefined };

export interface RoutineInfo {
  name: string;
  oid: number;
  params: RoutineParam[];
  result: RoutineResult;
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  relations: Map<string, RelationInfo>;
  foreignKeys: ForeignKeyInfo[];
  routines: Map<string, RoutineInfo[]>;
  /** Per-role settings (ALTER ROLE ... SET), applied to each request as PostgREST does. */
  roleSettings: Map<string, [string, string][]>;
  roles: Set<string>;
}

interface RelationRow {
  oid: number;
  name: string;
  relkind: string;
}

interface ColumnRow {
  relid: number;
  name: string;
  type: string;
  base_type: string;
  is_array: boolean;
  not_null: boolean;
  has_default: boolean;
}

interface ConstraintRow {
  name: string;
  contype: 'p' | 'u' | 'f';
  table_name: string;
  columns: string[];
  referenced_table: string | null;
  referenced_columns: string[] | null;
}

interface RoutineRow {
  oid: number;
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

const relationsSql = `
  select c.oid::int as oid, c.relname as name, c.relkind::text as relkind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

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
    and (n.nspname = 'public' or c.relkind = 'c')
  order by a.attrelid, a.attnum`;

const constraintsSql = `
  select con.conname as name, con.contype::text as contype, c.relname as table_name,
    array(select a.attname from unnest(con.conkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i)::text[] as columns,
    rc.relname as referenced_table,
    case when con.contype = 'f' then
      array(select a.attname from unnest(con.confkey) with ordinality k(attnum, i)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i)::text[]
    end as referenced_columns
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_class rc on rc.oid = con.confrelid
  left join pg_namespace rn on rn.oid = rc.relnamespace
  where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
    and (con.contype <> 'f' or rn.nspname = 'public')`;

const routinesSql = `
  select p.oid::int as oid, p.proname as name, p.provolatile::text as volatility,
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
  where n.nspname = 'public' and p.prokind = 'f'
    and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`;

const roleSettingsSql = `
  select r.rolname as role, s.setconfig as settings
  from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
  where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`;

const appliedRoleSettings = new Set(['statement_timeout', 'lock_timeout']);

/** Reads what the REST layer needs to know about the exposed schema from pg_catalog. */
export async function loadSchemaCache(pool: pg.Pool): Promise<SchemaCache> {
  const [relations, columns, constraints, routines, settings, roles] = await Promise.all([
    pool.query<RelationRow>(relationsSql),
    pool.query<ColumnRow>(columnsSql),
    pool.query<ConstraintRow>(constraintsSql),
    pool.query<RoutineRow>(routinesSql),
    pool.query<{ role: string; settings: string[] }>(roleSettingsSql),
    pool.query<{ rolname: string }>('select rolname from pg_roles'),
  ]);

  const columnsByRelid = new Map<number, ColumnInfo[]>();
  for (const row of columns.rows) {
    const list = columnsByRelid.get(row.relid) ?? [];
    list.push({
      name: row.name,
      type: row.type,
      baseType: row.base_type,
      isArray: row.is_array,
      nullable: !row.not_null,
      hasDefault: row.has_default,
    });
    columnsByRelid.set(row.relid, list);
  }

  const relationMap = new Map<string, RelationInfo>();
  const relationNameByOid = new Map<number, string>();
  for (const row of relations.rows) {
    const relationColumns = columnsByRelid.get(row.oid) ?? [];
    relationNameByOid.set(row.oid, row.name);
    relationMap.set(row.name, {
      name: row.name,
      kind: row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table',
      columns: relationColumns,
      columnsByName: new Map(relationColumns.map((column) => [column.name, column])),
      primaryKey: [],
      uniqueKeys: [],
    });
  }

  const foreignKeys: ForeignKeyInfo[] = [];
  for (const row of constraints.rows) {
    const relation = relationMap.get(row.table_name);
    if (!relation) continue;
    if (row.contype === 'f') {
      if (!row.referenced_table || !row.referenced_columns) continue;
      foreignKeys.push({
        name: row.name,
        table: row.table_name,
        columns: row.columns,
        referencedTable: row.referenced_table,
        referencedColumns: row.referenced_columns,
      });
      continue;
    }
    if (row.contype === 'p') relation.primaryKey = row.columns;
    relation.uniqueKeys.push(row.columns);
  }
  foreignKeys.sort((a, b) => a.name.localeCompare(b.name));

  const routineMap = new Map<string, RoutineInfo[]>();
  for (const row of routines.rows) {
    const routine = describeRoutine(row, columnsByRelid, relationNameByOid);
    routineMap.set(row.name, [...(routineMap.get(row.name) ?? []), routine]);
  }

  const roleSettings = new Map<string, [string, string][]>();
  for (const row of settings.rows) {
    const pairs = row.settings
      .map((setting) => {
        const at = setting.indexOf('=');
        return [setting.slice(0, at), setting.slice(at + 1)] as [string, string];
      })
      .filter(([name]) => appliedRoleSettings.has(name));
    roleSettings.set(row.role, [...(roleSettings.get(row.role) ?? []), ...pairs]);
  }

  return {
    relations: relationMap,
    foreignKeys,
    routines: routineMap,
    roleSettings,
    roles: new Set(roles.rows.map((row) => row.rolname)),
  };
}

function describeRoutine(
  row: RoutineRow,
  columnsByRelid: Map<number, ColumnInfo[]>,
  relationNameByOid: Map<number, string>,
): RoutineInfo {
  const allTypes = row.all_arg_types ?? row.arg_types;
  const modes = row.arg_modes ?? allTypes.map(() => 'i');
  const names = row.arg_names ?? [];
  const inputs: RoutineParam[] = [];
  const outputs: ColumnInfo[] = [];
  allTypes.forEach((type, index) => {
    const mode = modes[index] ?? 'i';
    const name = names[index] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      inputs.push({ name, type, hasDefault: false });
    }
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({
        name,
        type,
        baseType: type.replace(/\[\]$/, ''),
        isArray: type.endsWith('[]'),
        nullable: true,
        hasDefault: false,
      });
    }
  });
  inputs.slice(inputs.length - row.defaults).forEach((param) => (param.hasDefault = true));

  let result: RoutineResult;
  if (row.is_void) result = { kind: 'void' };
  else if (row.return_typtype === 'c') {
    result = {
      kind: 'row',
      set: row.returns_set,
      columns: columnsByRelid.get(row.return_relid) ?? [],
      relation: relationNameByOid.get(row.return_relid),
    };
  } else if (row.return_type === 'record' && outputs.length > 0) {
    result = { kind: 'row', set: row.returns_set, columns: outputs, relation: undefined };
  } else result = { kind: 'scalar', set: row.returns_set, type: row.return_type };

  const volatility = { i: 'immutable', s: 'stable', v: 'volatile' } as const;
  return {
    name: row.name,
    oid: row.oid,
    params: inputs,
    result,
    volatility: volatility[row.volatility],
  };
}
