import type pg from 'pg';
import {
  buildRelationships,
  compareText,
  type GraphForeignKey,
  type GraphFunction,
  type GraphRelation,
} from './relationship-graph';
import type { Relationship } from './relationships';
import { loadViewColumnOrigins } from './view-columns';

export interface ColumnInfo {
  name: string;
  /** format_type() of the column, e.g. 'bigint', 'text[]', 'timestamp with time zone'. */
  type: string;
  /** The element type's name for arrays, else the type's own name (pg_type.typname). */
  baseType: string;
  isArray: boolean;
  nullable: boolean;
  hasDefault: boolean;
  /** A function of the relation's row, read as `row.function` the way Postgres allows. */
  computed?: ComputedColumn;
}

export interface ComputedColumn {
  function: string;
  /** The relation whose row type the function takes, and that row type's columns in order. */
  argType: string;
  argColumns: string[];
}

export interface RelationInfo {
  name: string;
  kind: 'table' | 'view';
  columns: ColumnInfo[];
  columnsByName: Map<string, ColumnInfo>;
  primaryKey: string[];
  /** Functions of this relation's row returning a value, selectable and filterable as columns. */
  computedColumns: Map<string, ColumnInfo>;
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
  /** Every relationship an embed may follow, by the embedding relation's name. */
  relationships: Map<string, Relationship[]>;
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
  contype: 'p' | 'u';
  table_name: string;
  columns: string[];
}

interface GraphRelationRow {
  oid: number;
  schema: string;
  name: string;
  relkind: string;
  attnums: number[];
  attnames: string[];
  primary_key: number[] | null;
}

interface ForeignKeyRow {
  name: string;
  table_oid: number;
  foreign_table_oid: number;
  columns: number[];
  foreign_columns: number[];
  one_to_one: boolean;
}

interface RowFunctionRow {
  name: string;
  table_oid: number;
  table_name: string;
  returns_set: boolean;
  single_row: boolean;
  returns_oid: number | null;
  return_type: string;
  base_type: string;
  is_array: boolean;
  is_void: boolean;
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
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i)::text[] as columns
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and con.contype in ('p', 'u')`;

/** Every user relation (foreign keys may lead out of the exposed schema and back through a view). */
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

/** Functions of exactly one argument, a relation's row: computed columns and relationships. */
const rowFunctionsSql = `
  select p.proname as name, arg.oid::int as table_oid, arg.relname as table_name,
    p.proretset as returns_set, (not p.proretset or p.prorows = 1) as single_row,
    ret.oid::int as returns_oid, format_type(p.prorettype, null) as return_type,
    coalesce(elem.typname, t.typname) as base_type, t.typcategory = 'A' as is_array,
    p.prorettype = 'void'::regtype as is_void
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type argt on argt.oid = p.proargtypes[0]
  join pg_class arg on arg.oid = argt.typrelid and arg.relkind in ('r', 'p', 'v', 'm', 'f')
  join pg_namespace argn on argn.oid = arg.relnamespace
  join pg_type t on t.oid = p.prorettype
  left join pg_type elem on elem.oid = t.typelem and t.typcategory = 'A'
  left join pg_class ret on ret.oid = t.typrelid and ret.relkind in ('r', 'p', 'v', 'm', 'f')
  where n.nspname = 'public' and argn.nspname = 'public' and p.pronargs = 1 and p.prokind = 'f'`;

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
  const [graphRelations, foreignKeys, rowFunctions, viewOrigins] = await Promise.all([
    pool.query<GraphRelationRow>(graphRelationsSql),
    pool.query<ForeignKeyRow>(foreignKeysSql),
    pool.query<RowFunctionRow>(rowFunctionsSql),
    loadViewColumnOrigins(pool),
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
      computedColumns: new Map(),
    });
  }
  for (const row of constraints.rows) {
    const relation = relationMap.get(row.table_name);
    if (relation && row.contype === 'p') relation.primaryKey = row.columns;
  }
  addComputedColumns(relationMap, rowFunctions.rows);
  const graph = new Map<number, GraphRelation>(
    graphRelations.rows.map((row) => [
      row.oid,
      {
        oid: row.oid,
        schema: row.schema,
        name: row.name,
        isView: row.relkind === 'v' || row.relkind === 'm',
        columnNames: new Map(
          row.attnums.map((attnum, index) => [attnum, row.attnames[index] ?? '']),
        ),
        primaryKey: row.primary_key ?? [],
      },
    ]),
  );
  const keys: GraphForeignKey[] = foreignKeys.rows.map((row) => ({
    name: row.name,
    tableOid: row.table_oid,
    foreignTableOid: row.foreign_table_oid,
    columns: row.columns,
    foreignColumns: row.foreign_columns,
    oneToOne: row.one_to_one,
  }));
  const functions: GraphFunction[] = rowFunctions.rows.flatMap((row) =>
    row.returns_oid === null
      ? []
      : [
          {
            name: row.name,
            tableOid: row.table_oid,
            returnsOid: row.returns_oid,
            toOne: row.single_row,
          },
        ],
  );

  const routineMap = new Map<string, RoutineInfo[]>();
  for (const row of routines.rows) {
    const routine = describeRoutine(row, columnsByRelid, relationNameByOid);
    if (!isCallable(routine)) continue;
    routineMap.set(row.name, [...(routineMap.get(row.name) ?? []), routine]);
  }
  for (const overloads of routineMap.values()) overloads.sort(compareRoutines);

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
    relationships: buildRelationships(graph, keys, viewOrigins, functions),
    routines: routineMap,
    roleSettings,
    roles: new Set(roles.rows.map((row) => row.rolname)),
  };
}

/** Types a lone unnamed parameter may have: PostgREST passes it the whole request body. */
const bodyParameterTypes = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/**
 * PostgREST leaves out of its cache any function it could not call by named arguments: one with
 * two or more unnamed parameters, or one whose only unnamed parameter could not take the body.
 */
function isCallable(routine: RoutineInfo): boolean {
  const unnamed = routine.params.filter((param) => param.name === '');
  if (unnamed.length === 0) return true;
  return unnamed.length === 1 && bodyParameterTypes.has(unnamed[0]?.type ?? '');
}

/** Overloads in PostgREST's order: fewer parameters first, then by the parameters themselves. */
function compareRoutines(a: RoutineInfo, b: RoutineInfo): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  for (let index = 0; index < a.params.length; index += 1) {
    const [left, right] = [a.params[index], b.params[index]];
    if (!left || !right) break;
    const order = compareText(left.name, right.name) || compareText(left.type, right.type);
    if (order) return order;
  }
  return 0;
}

/** `row.function` reads a one-argument function of the row: PostgREST's computed columns. */
function addComputedColumns(relations: Map<string, RelationInfo>, functions: RowFunctionRow[]) {
  for (const row of functions) {
    const relation = relations.get(row.table_name);
    if (!relation || row.is_void || row.returns_set) continue;
    if (relation.columnsByName.has(row.name)) continue;
    relation.computedColumns.set(row.name, {
      name: row.name,
      type: row.return_type,
      baseType: row.base_type,
      isArray: row.is_array,
      nullable: true,
      hasDefault: false,
      computed: {
        function: row.name,
        argType: relation.name,
        argColumns: relation.columns.map((column) => column.name),
      },
    });
  }
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
