import { compareText } from './compare-text';
import {
  compareRelationships,
  type Cardinality,
  type Junction,
  type Relationship,
} from './relationships';
import type { ViewColumnOrigins } from './view-columns';

/** A table or view as the graph sees it: identity, columns by attnum, primary key attnums. */
export interface GraphRelation {
  oid: number;
  schema: string;
  name: string;
  isView: boolean;
  columnNames: Map<number, string>;
  primaryKey: number[];
}

export interface GraphForeignKey {
  name: string;
  tableOid: number;
  foreignTableOid: number;
  columns: number[];
  foreignColumns: number[];
  /** The key's columns are exactly a primary key or unique constraint of its table. */
  oneToOne: boolean;
}

/** A function of one row-type argument that returns rows of a table: an embeddable resource. */
export interface GraphFunction {
  name: string;
  tableOid: number;
  returnsOid: number;
  toOne: boolean;
}

type Pairs = [string, string][];

interface Edge {
  cardinality: Cardinality;
  table: number;
  foreignTable: number;
  isSelf: boolean;
  constraint: string;
  columns: Pairs;
  /** Only for one-to-one: whether `table` is the referenced side. */
  isParent: boolean;
  tableIsView: boolean;
  foreignTableIsView: boolean;
  junction?: { oid: number } & Omit<Junction, 'schema' | 'table'>;
}

const swap = (pairs: Pairs): Pairs => pairs.map(([a, b]) => [b, a]);

function zip(left: string[], right: string[]): Pairs {
  return left.map((value, index) => [value, right[index] ?? '']);
}

/** Every way of picking one view column per key column (a view may show a column twice). */
function combinations(choices: string[][]): string[][] {
  return choices.reduce<string[][]>(
    (combos, options) => combos.flatMap((combo) => options.map((option) => [...combo, option])),
    [[]],
  );
}

/**
 * Builds the relationship graph PostgREST builds from the catalog: each foreign key as
 * many-to-one (one-to-one when its columns are a key), the same for every exposed view that shows
 * all of the key's columns, many-to-many through any table or view whose primary key holds two
 * distinct foreign keys' columns, the inverse of every direct relationship, and functions taking a
 * row and returning rows. Only relationships within one exposed schema remain (a junction may be in
 * any exposed schema), keyed by schema, then by origin.
 */
export function buildRelationships(
  relations: Map<number, GraphRelation>,
  foreignKeys: GraphForeignKey[],
  origins: ViewColumnOrigins,
  functions: GraphFunction[],
  exposedSchemas: readonly string[],
): Map<string, Map<string, Relationship[]>> {
  const names = (oid: number, attnums: number[]) =>
    attnums.map((attnum) => relations.get(oid)?.columnNames.get(attnum) ?? '');
  const isView = (oid: number) => relations.get(oid)?.isView ?? false;

  /** The view's columns showing each of `attnums` of `tableOid`, or undefined if one is missing. */
  const viewColumns = (viewOid: number, tableOid: number, attnums: number[]) => {
    const view = relations.get(viewOid);
    const columns = origins.get(viewOid);
    if (!view || !columns) return undefined;
    const choices = attnums.map((attnum) =>
      columns.flatMap((origin, index) =>
        origin?.tableOid === tableOid && origin.attnum === attnum
          ? [view.columnNames.get(index + 1) ?? '']
          : [],
      ),
    );
    return choices.every((options) => options.length > 0) ? combinations(choices) : undefined;
  };
  const viewsOver = (tableOid: number, attnums: number[]) =>
    [...origins.keys()].flatMap((viewOid) => {
      const combos = viewColumns(viewOid, tableOid, attnums);
      return combos ? [{ viewOid, combos }] : [];
    });

  const edges: Edge[] = [];
  for (const key of [...foreignKeys].sort(byTableThenName)) {
    const cardinality: Cardinality = key.oneToOne ? 'one-to-one' : 'many-to-one';
    const columns = names(key.tableOid, key.columns);
    const foreignColumns = names(key.foreignTableOid, key.foreignColumns);
    const edge = (table: number, foreignTable: number, pairs: Pairs, isSelf: boolean): Edge => ({
      cardinality,
      table,
      foreignTable,
      isSelf,
      constraint: key.name,
      columns: pairs,
      isParent: false,
      tableIsView: isView(table),
      foreignTableIsView: isView(foreignTable),
    });
    edges.push(
      edge(
        key.tableOid,
        key.foreignTableOid,
        zip(columns, foreignColumns),
        key.tableOid === key.foreignTableOid,
      ),
    );
    const fromViews = viewsOver(key.tableOid, key.columns);
    const toViews = viewsOver(key.foreignTableOid, key.foreignColumns);
    for (const { viewOid, combos } of fromViews) {
      for (const combo of combos) {
        edges.push(edge(viewOid, key.foreignTableOid, zip(combo, foreignColumns), false));
      }
    }
    for (const { viewOid, combos } of toViews) {
      for (const combo of combos) {
        edges.push(edge(key.tableOid, viewOid, zip(columns, combo), false));
      }
    }
    for (const from of fromViews) {
      for (const fromCombo of from.combos) {
        for (const to of toViews) {
          for (const toCombo of to.combos) {
            edges.push(
              edge(from.viewOid, to.viewOid, zip(fromCombo, toCombo), from.viewOid === to.viewOid),
            );
          }
        }
      }
    }
  }

  const primaryKeyNames = (oid: number): Set<string> => {
    const relation = relations.get(oid);
    if (!relation) return new Set();
    if (!relation.isView) return new Set(names(oid, relation.primaryKey));
    // A view's key: the first column showing each key column of a table whose key it shows whole.
    const keyNames: string[] = [];
    for (const table of relations.values()) {
      if (table.isView || table.primaryKey.length === 0) continue;
      const combos = viewColumns(oid, table.oid, table.primaryKey);
      if (combos?.[0]) keyNames.push(...combos[0]);
    }
    return new Set(keyNames);
  };

  const byTable = new Map<number, Edge[]>();
  for (const edge of edges) byTable.set(edge.table, [...(byTable.get(edge.table) ?? []), edge]);
  const manyToMany: Edge[] = [];
  for (const toSource of edges) {
    if (toSource.cardinality !== 'many-to-one') continue;
    const junctionKey = primaryKeyNames(toSource.table);
    for (const toTarget of byTable.get(toSource.table) ?? []) {
      if (toTarget.cardinality !== 'many-to-one' || toTarget.constraint === toSource.constraint) {
        continue;
      }
      const held = [...toSource.columns, ...toTarget.columns].map(([column]) => column);
      if (!held.every((column) => junctionKey.has(column))) continue;
      manyToMany.push({
        cardinality: 'many-to-many',
        table: toSource.foreignTable,
        foreignTable: toTarget.foreignTable,
        isSelf: toSource.foreignTable === toTarget.foreignTable,
        constraint: '',
        columns: [],
        isParent: false,
        tableIsView: toSource.foreignTableIsView,
        foreignTableIsView: toTarget.foreignTableIsView,
        junction: {
          oid: toSource.table,
          sourceConstraint: toSource.constraint,
          targetConstraint: toTarget.constraint,
          sourceColumns: swap(toSource.columns),
          targetColumns: swap(toTarget.columns),
        },
      });
    }
  }

  const direct = [...edges, ...manyToMany];
  const inverse = direct.flatMap((edge): Edge[] => {
    if (edge.cardinality === 'many-to-many') return [];
    return [
      {
        ...edge,
        cardinality: edge.cardinality === 'many-to-one' ? 'one-to-many' : 'one-to-one',
        table: edge.foreignTable,
        foreignTable: edge.table,
        columns: swap(edge.columns),
        isParent: edge.cardinality === 'one-to-one' ? !edge.isParent : false,
        tableIsView: edge.foreignTableIsView,
        foreignTableIsView: edge.tableIsView,
      },
    ];
  });

  const schemaOf = (oid: number) => relations.get(oid)?.schema ?? '';
  const exposed = (oid: number) => exposedSchemas.includes(schemaOf(oid));
  const nameOf = (oid: number) => relations.get(oid)?.name ?? '';
  const result = new Map<string, Map<string, Relationship[]>>(
    exposedSchemas.map((schema) => [schema, new Map()]),
  );
  const add = (relationship: Relationship) => {
    const bySource = result.get(relationship.schema);
    bySource?.set(relationship.source, [
      ...(bySource.get(relationship.source) ?? []),
      relationship,
    ]);
  };
  const computedNames = new Set(
    functions.map((fn) => [schemaOf(fn.tableOid), nameOf(fn.tableOid), fn.name].join('\u0000')),
  );
  for (const edge of [...direct, ...inverse]) {
    const schema = schemaOf(edge.table);
    if (!exposed(edge.table) || schemaOf(edge.foreignTable) !== schema) continue;
    if (edge.junction && !exposed(edge.junction.oid)) continue;
    // A function named like a related table replaces the foreign keys to it.
    if (computedNames.has([schema, nameOf(edge.table), nameOf(edge.foreignTable)].join('\u0000'))) {
      continue;
    }
    const { junction } = edge;
    add({
      kind: 'foreign-key',
      cardinality: edge.cardinality,
      schema,
      source: nameOf(edge.table),
      target: nameOf(edge.foreignTable),
      isSelf: edge.isSelf,
      sourceIsView: edge.tableIsView,
      targetIsView: edge.foreignTableIsView,
      constraint: edge.constraint,
      columns: edge.columns,
      isParent: edge.isParent,
      ...(junction
        ? {
            junction: {
              schema: schemaOf(junction.oid),
              table: nameOf(junction.oid),
              sourceConstraint: junction.sourceConstraint,
              targetConstraint: junction.targetConstraint,
              sourceColumns: junction.sourceColumns,
              targetColumns: junction.targetColumns,
            },
          }
        : {}),
    });
  }
  for (const fn of functions) {
    const schema = schemaOf(fn.tableOid);
    if (!exposed(fn.tableOid) || schemaOf(fn.returnsOid) !== schema) continue;
    const table = relations.get(fn.tableOid);
    add({
      kind: 'computed',
      cardinality: fn.toOne ? 'many-to-one' : 'one-to-many',
      schema,
      source: nameOf(fn.tableOid),
      target: nameOf(fn.returnsOid),
      isSelf: fn.tableOid === fn.returnsOid,
      sourceIsView: isView(fn.tableOid),
      targetIsView: isView(fn.returnsOid),
      constraint: '',
      columns: [],
      isParent: false,
      function: {
        name: fn.name,
        argColumns: [...(table?.columnNames.values() ?? [])],
      },
    });
  }
  for (const bySource of result.values()) {
    for (const list of bySource.values()) list.sort(compareRelationships);
  }
  return result;
}

function byTableThenName(a: GraphForeignKey, b: GraphForeignKey): number {
  return a.tableOid - b.tableOid || compareText(a.name, b.name);
}
