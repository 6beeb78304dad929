import { compareText } from './compare-text';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Junction {
  /** Any exposed schema: the junction need not be in the embedding relation's. */
  schema: string;
  table: string;
  /** The junction's foreign key to the embedding relation. */
  sourceConstraint: string;
  /** Pairs [embedding relation column, junction column]. */
  sourceColumns: [string, string][];
  /** The junction's foreign key to the embedded relation. */
  targetConstraint: string;
  /** Pairs [embedded relation column, junction column]. */
  targetColumns: [string, string][];
}

/** A function taking the embedding relation's row and returning rows of the embedded one. */
export interface RelationshipFunction {
  name: string;
  /** The columns of the row type it takes, in order (to build that row from any source). */
  argColumns: string[];
}

export interface Relationship {
  kind: 'foreign-key' | 'computed';
  /** For a computed relationship: many-to-one when the function returns one row. */
  cardinality: Cardinality;
  /** The schema of the source, the target and a computed relationship's function. */
  schema: string;
  source: string;
  target: string;
  /** The foreign key joins a relation to itself (PostgREST resolves these by their own rules). */
  isSelf: boolean;
  sourceIsView: boolean;
  targetIsView: boolean;
  /** The foreign key's name ('' for many-to-many and computed relationships). */
  constraint: string;
  /** Pairs [source column, target column] for direct relationships. */
  columns: [string, string][];
  /** One-to-one only: the source is the referenced side. */
  isParent: boolean;
  junction?: Junction;
  function?: RelationshipFunction;
}

export const isToOne = (relationship: Relationship) =>
  relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';

type Pairs = [string, string][];

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
      compareText(a.junction.schema, b.junction.schema) ||
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
