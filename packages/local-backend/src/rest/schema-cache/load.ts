import type pg from 'pg';
import { readCatalog, type Catalog, type ColumnRow, type RowFunctionRow } from './catalog';
import {
  buildRelationships,
  type GraphForeignKey,
  type GraphFunction,
  type GraphRelation,
} from './relationship-graph';
import { describeRoutines } from './routines';
import type { ColumnInfo, ExposedSchema, RelationInfo, SchemaCache } from './types';

const appliedRoleSettings = new Set(['statement_timeout', 'lock_timeout']);

/** Reads what the REST layer needs to know about the exposed schemas from pg_catalog. */
export async function loadSchemaCache(
  pool: pg.Pool,
  exposedSchemas: readonly string[],
): Promise<SchemaCache> {
  const catalog = await readCatalog(pool, exposedSchemas);
  const columnsByRelid = groupColumns(catalog.columns);
  const relationsByOid = describeRelations(catalog, columnsByRelid);
  addComputedColumns(relationsByOid, catalog.rowFunctions);
  const relationships = buildRelationships(
    graphRelations(catalog),
    graphForeignKeys(catalog),
    catalog.viewOrigins,
    graphFunctions(catalog.rowFunctions),
    exposedSchemas,
  );
  const routines = describeRoutines(catalog.routines, columnsByRelid, relationsByOid);

  const schemas = new Map<string, ExposedSchema>();
  for (const name of exposedSchemas) {
    schemas.set(name, {
      name,
      relations: new Map(),
      relationships: relationships.get(name) ?? new Map(),
      routines: routines.get(name) ?? new Map(),
    });
  }
  for (const relation of relationsByOid.values()) {
    schemas.get(relation.schema)?.relations.set(relation.name, relation);
  }
  return {
    schemas,
    roleSettings: roleSettings(catalog),
    roles: new Set(catalog.roles),
  };
}

function groupColumns(rows: ColumnRow[]): Map<number, ColumnInfo[]> {
  const columnsByRelid = new Map<number, ColumnInfo[]>();
  for (const row of rows) {
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
  return columnsByRelid;
}

function describeRelations(
  catalog: Catalog,
  columnsByRelid: Map<number, ColumnInfo[]>,
): Map<number, RelationInfo> {
  const primaryKeys = new Map(catalog.primaryKeys.map((row) => [row.table_oid, row.columns]));
  const relations = new Map<number, RelationInfo>();
  for (const row of catalog.relations) {
    const columns = columnsByRelid.get(row.oid) ?? [];
    relations.set(row.oid, {
      schema: row.schema,
      name: row.name,
      kind: row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table',
      columns,
      columnsByName: new Map(columns.map((column) => [column.name, column])),
      primaryKey: primaryKeys.get(row.oid) ?? [],
      computedColumns: new Map(),
    });
  }
  return relations;
}

/** `row.function` reads a one-argument function of the row: PostgREST's computed columns. */
function addComputedColumns(relations: Map<number, RelationInfo>, functions: RowFunctionRow[]) {
  for (const row of functions) {
    const relation = relations.get(row.table_oid);
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
        schema: relation.schema,
        function: row.name,
        argType: relation.name,
        argColumns: relation.columns.map((column) => column.name),
      },
    });
  }
}

function graphRelations(catalog: Catalog): Map<number, GraphRelation> {
  return new Map(
    catalog.graphRelations.map((row) => [
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
}

function graphForeignKeys(catalog: Catalog): GraphForeignKey[] {
  return catalog.foreignKeys.map((row) => ({
    name: row.name,
    tableOid: row.table_oid,
    foreignTableOid: row.foreign_table_oid,
    columns: row.columns,
    foreignColumns: row.foreign_columns,
    oneToOne: row.one_to_one,
  }));
}

function graphFunctions(rows: RowFunctionRow[]): GraphFunction[] {
  return rows.flatMap((row) =>
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
}

function roleSettings(catalog: Catalog): Map<string, [string, string][]> {
  const settings = new Map<string, [string, string][]>();
  for (const row of catalog.roleSettings) {
    const pairs = row.settings
      .map((setting) => {
        const at = setting.indexOf('=');
        return [setting.slice(0, at), setting.slice(at + 1)] as [string, string];
      })
      .filter(([name]) => appliedRoleSettings.has(name));
    settings.set(row.role, [...(settings.get(row.role) ?? []), ...pairs]);
  }
  return settings;
}

/** An exposed schema the database does not have (yet) offers nothing. */
export function exposedSchema(cache: SchemaCache, name: string): ExposedSchema {
  return cache.schemas.get(name) ?? emptySchema(name);
}

const emptySchema = (name: string): ExposedSchema => ({
  name,
  relations: new Map(),
  relationships: new Map(),
  routines: new Map(),
});
