import { restError } from './errors';
import type { ForeignKeyInfo, SchemaCache } from './schema-cache';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Junction {
  table: string;
  /** The junction's key to the embedding table: [junction column, embedding table column]. */
  sourceConstraint: string;
  sourceColumns: [string, string][];
  /** The junction's key to the embedded table: [junction column, embedded table column]. */
  targetConstraint: string;
  targetColumns: [string, string][];
}

export interface Relationship {
  cardinality: Cardinality;
  /** The foreign key's name (for many-to-many, the junction's key to the target). */
  constraint: string;
  source: string;
  target: string;
  /** Column pairs [source column, target column] for direct relationships. */
  columns: [string, string][];
  junction?: Junction;
  /** Whether the embedding table holds the foreign key (the key's own direction). */
  sourceHoldsKey: boolean;
}

export const isToOne = (relationship: Relationship) =>
  relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';

function isUnique(cache: SchemaCache, table: string, columns: string[]): boolean {
  const keys = cache.relations.get(table)?.uniqueKeys ?? [];
  return keys.some(
    (key) => key.length === columns.length && key.every((column) => columns.includes(column)),
  );
}

function pairs(key: ForeignKeyInfo): [string, string][] {
  return key.columns.map((column, index) => [column, key.referencedColumns[index] ?? '']);
}

/** Every relationship PostgREST would consider from `source`, in a stable order. */
export function relationshipsFrom(cache: SchemaCache, source: string): Relationship[] {
  const found: Relationship[] = [];
  for (const key of cache.foreignKeys) {
    if (key.table === source) {
      found.push({
        cardinality: isUnique(cache, source, key.columns) ? 'one-to-one' : 'many-to-one',
        constraint: key.name,
        source,
        target: key.referencedTable,
        columns: pairs(key),
        sourceHoldsKey: true,
      });
    }
    if (key.referencedTable === source) {
      found.push({
        cardinality: isUnique(cache, key.table, key.columns) ? 'one-to-one' : 'one-to-many',
        constraint: key.name,
        source,
        target: key.table,
        columns: pairs(key).map(([holder, referenced]) => [referenced, holder]),
        sourceHoldsKey: false,
      });
    }
  }
  for (const toSource of cache.foreignKeys) {
    if (toSource.referencedTable !== source) continue;
    const junction = cache.relations.get(toSource.table);
    if (!junction) continue;
    const primaryKey = junction.primaryKey;
    if (!toSource.columns.every((column) => primaryKey.includes(column))) continue;
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toSource || toTarget.table !== toSource.table) continue;
      if (!toTarget.columns.every((column) => primaryKey.includes(column))) continue;
      found.push({
        cardinality: 'many-to-many',
        constraint: toTarget.name,
        source,
        target: toTarget.referencedTable,
        columns: [],
        sourceHoldsKey: false,
        junction: {
          table: toSource.table,
          sourceConstraint: toSource.name,
          sourceColumns: pairs(toSource),
          targetConstraint: toTarget.name,
          targetColumns: pairs(toTarget),
        },
      });
    }
  }
  return found;
}

function matchesName(relationship: Relationship, name: string): boolean {
  if (relationship.target === name) return true;
  // PostgREST also embeds a to-one relation by its foreign key's name or single column.
  if (!relationship.sourceHoldsKey || relationship.junction) return false;
  return (
    relationship.constraint === name ||
    (relationship.columns.length === 1 && relationship.columns[0]?.[0] === name)
  );
}

function matchesHint(relationship: Relationship, hint: string): boolean {
  if (relationship.junction) {
    return (
      relationship.junction.table === hint ||
      relationship.junction.sourceConstraint === hint ||
      relationship.junction.targetConstraint === hint
    );
  }
  if (relationship.constraint === hint) return true;
  // Otherwise the hint names the column that holds the foreign key, on whichever side it is.
  const [pair] = relationship.columns;
  if (relationship.columns.length !== 1 || !pair) return false;
  return (relationship.sourceHoldsKey ? pair[0] : pair[1]) === hint;
}

/**
 * Picks the relationship `source` -> `name` (`name!hint`) as PostgREST does: no candidate is
 * 400 PGRST200, several are 300 PGRST201 listing them.
 */
export function findRelationship(
  cache: SchemaCache,
  source: string,
  name: string,
  hint: string | undefined,
): Relationship {
  let candidates = relationshipsFrom(cache, source).filter((relationship) =>
    matchesName(relationship, name),
  );
  if (hint !== undefined) {
    candidates = candidates.filter((relationship) => matchesHint(relationship, hint));
  } else {
    // A junction is only a candidate when no direct foreign key connects the two tables.
    const direct = candidates.filter((relationship) => !relationship.junction);
    if (direct.length > 0) candidates = direct;
  }
  const [only] = candidates;
  if (candidates.length === 1 && only) return only;
  if (candidates.length === 0) {
    const using = hint === undefined ? '' : ` using the hint '${hint}'`;
    throw restError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source}' and '${name}'${using} in the schema 'public', but no matches were found.`,
    );
  }
  throw restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source}' and '${name}'`,
    candidates.map(describe),
    `Try changing '${name}' to one of the following: ${candidates
      .map((relationship) => `'${name}!${hintFor(relationship)}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

function hintFor(relationship: Relationship): string {
  return relationship.junction ? relationship.junction.table : relationship.constraint;
}

const columnList = (columns: string[]) => `(${columns.join(', ')})`;

function describe(relationship: Relationship): Record<string, unknown> {
  const { junction } = relationship;
  const using = junction
    ? `${junction.table} using ${junction.sourceConstraint}${columnList(
        junction.sourceColumns.map(([column]) => column),
      )} and ${junction.targetConstraint}${columnList(
        junction.targetColumns.map(([column]) => column),
      )}`
    : `${relationship.constraint} using ${relationship.source}${columnList(
        relationship.columns.map(([column]) => column),
      )} and ${relationship.target}${columnList(relationship.columns.map(([, column]) => column))}`;
  return {
    cardinality: relationship.cardinality,
    embedding: `${relationship.source} with ${relationship.target}`,
    relationship: using,
  };
}
