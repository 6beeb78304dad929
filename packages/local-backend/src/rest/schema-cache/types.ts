import type { Relationship } from './relationships';

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
  /** The schema of both the function and the relation whose row it takes. */
  schema: string;
  function: string;
  /** The relation whose row type the function takes, and that row type's columns in order. */
  argType: string;
  argColumns: string[];
}

export interface RelationInfo {
  schema: string;
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
  /** `relation`: the returned table or view when it is in the function's own schema. */
  | { kind: 'row'; set: boolean; columns: ColumnInfo[]; relation: string | undefined };

export interface RoutineInfo {
  schema: string;
  name: string;
  oid: number;
  params: RoutineParam[];
  result: RoutineResult;
  volatility: 'immutable' | 'stable' | 'volatile';
}

/** What one exposed schema offers a request: its relations, relationships and functions. */
export interface ExposedSchema {
  name: string;
  relations: Map<string, RelationInfo>;
  /** Every relationship an embed may follow, by the embedding relation's name. */
  relationships: Map<string, Relationship[]>;
  routines: Map<string, RoutineInfo[]>;
}

export interface SchemaCache {
  /** Every schema of `[api] schemas`, in its order (the first is the default). */
  schemas: Map<string, ExposedSchema>;
  /** Per-role settings (ALTER ROLE ... SET), applied to each request as PostgREST does. */
  roleSettings: Map<string, [string, string][]>;
  roles: Set<string>;
}
