import type { Cardinality, Junction, Relationship } from './relationships';
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

export const EXPOSED_SCHEMA = 'public';

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
  junction?: { oid: number } & Omit<Junction, 'table'>;
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
 * row and returning rows. Only relationships between exposed relations remain, keyed by origin.
 */
export function buildRelationships(
  relations: Map<number, GraphRelation>,
  foreignKeys: GraphForeignKey[],
  origins: ViewColumnOrigins,
  functions: GraphFunction[],
): Map<string, Relationship[]> {
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

  const exposed = (oid: number) => relations.get(oid)?.schema === EXPOSED_SCHEMA;
  const nameOf = (oid: number) => relations.get(oid)?.name ?? '';
  const result = new Map<string, Relationship[]>();
  const add = (relationship: Relationship) => {
    result.set(relationship.source, [...(result.get(relationship.source) ?? []), relationship]);
  };
  const computedNames = new Set(functions.map((fn) => `${nameOf(fn.tableOid)}\u0000${fn.name}`));
  for (const edge of [...direct, ...inverse]) {
    if (!exposed(edge.table) || !exposed(edge.foreignTable)) continue;
    if (edge.junction && !exposed(edge.junction.oid)) continue;
    // A function named like a related table replaces the foreign keys to it.
    if (computedNames.has(`${nameOf(edge.table)}\u0000${nameOf(edge.foreignTable)}`)) continue;
    const { junction } = edge;
    add({
      kind: 'foreign-key',
      cardinality: edge.cardinality,
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
    if (!exposed(fn.tableOid) || !exposed(fn.returnsOid)) continue;
    const table = relations.get(fn.tableOid);
    add({
      kind: 'computed',
      cardinality: fn.toOne ? 'many-to-one' : 'one-to-many',
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
  for (const list of result.values()) list.sort(compareRelationships);
  return result;
}

function byTableThenName(a: GraphForeignKey, b: GraphForeignKey): number {
  return a.tableOid - b.tableOid || compareText(a.name, b.name);
}

/** Code point order, as Haskell orders Text (localeCompare would not). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const cardinalityRank: Record<Cardinality, number> = {
  'one-to-many': 0,
  'many-to-one': 1,
  'one-to-one': 2,
  'many-to-many': 3,
};

function comparePairs(a: Pairs, b: Pairs): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const [leftSource = '', leftTarget = ''] = a[index] ?? [];
    const [rightSource = '', rightTarget = ''] = b[index] ?? [];
    const order = compareText(leftSource, rightSource) || compareText(leftTarget, rightTarget);
    if (order) return order;
  }
  return a.length - b.length;
}

/**
 * PostgREST lists the candidates of an ambiguous embed in its relationships' derived order: by
 * target, self-reference, cardinality (one-to-many, many-to-one, one-to-one, many-to-many), then
 * constraint or junction and columns; computed relationships come last.
 */
export function compareRelationships(a: Relationship, b: Relationship): number {
  if (a.kind !== b.kind) return a.kind === 'foreign-key' ? -1 : 1;
  if (a.kind === 'computed' || b.kind === 'computed') {
    return compareText(a.function?.name ?? '', b.function?.name ?? '');
  }
  const first =
    compareText(a.target, b.target) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    cardinalityRank[a.cardinality] - cardinalityRank[b.cardinality];
  if (first) return first;
  if (a.junction && b.junction) {
    return (
      compareText(a.junction.table, b.junction.table) ||
      compareText(a.junction.sourceConstraint, b.junction.sourceConstraint) ||
      compareText(a.junction.targetConstraint, b.junction.targetConstraint) ||
      comparePairs(a.junction.sourceColumns, b.junction.sourceColumns) ||
      comparePairs(a.junction.targetColumns, b.junction.targetColumns) ||
      Number(a.sourceIsView) - Number(b.sourceIsView) ||
      Number(a.targetIsView) - Number(b.targetIsView)
    );
  }
  return (
    compareText(a.constraint, b.constraint) ||
    comparePairs(a.columns, b.columns) ||
    Number(a.isParent) - Number(b.isParent) ||
    Number(a.sourceIsView) - Number(b.sourceIsView) ||
    Number(a.targetIsView) - Number(b.targetIsView)
  );
}
