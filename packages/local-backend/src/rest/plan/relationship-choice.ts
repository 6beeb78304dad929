import { restError } from '../errors';
import type { Relationship } from '../schema-cache/relationships';
import type { ExposedSchema } from '../schema-cache/types';

const singleColumn = (relationship: Relationship, side: 0 | 1): string | undefined => {
  if (relationship.junction || relationship.columns.length !== 1) return undefined;
  return relationship.columns[0]?.[side];
};

/**
 * Whether `target!hint` names this relationship, by PostgREST's rules: the target is the related
 * relation; without a hint it may also be the foreign key's name or the origin's single key column
 * (not towards a view). A hint narrows by key name, either side's single column or the junction.
 * In a self-relationship the relation's name means its children and a key column its parent.
 */
function matches(relationship: Relationship, target: string, hint: string | undefined): boolean {
  if (relationship.kind === 'computed') return relationship.function?.name === target;
  const byName = relationship.target === target;
  const direct = !relationship.junction;
  if (relationship.isSelf) {
    const toMany = relationship.cardinality === 'one-to-many';
    if (hint === undefined) {
      return (
        (byName && toMany) ||
        (relationship.cardinality === 'many-to-one' && singleColumn(relationship, 0) === target)
      );
    }
    return byName && toMany && singleColumn(relationship, 1) === hint;
  }
  if (hint === undefined) {
    return (
      byName ||
      (direct && !relationship.targetIsView && relationship.constraint === target) ||
      (!relationship.targetIsView && singleColumn(relationship, 0) === target)
    );
  }
  return (
    byName &&
    ((direct && relationship.constraint === hint) ||
      singleColumn(relationship, 0) === hint ||
      singleColumn(relationship, 1) === hint ||
      relationship.junction?.table === hint)
  );
}

/**
 * Picks the relationship `origin` -> `target` (`target!hint`) as PostgREST does: no candidate is
 * 400 PGRST200, several are 300 PGRST201 listing them.
 */
export function findRelationship(
  schema: ExposedSchema,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const candidates = (schema.relationships.get(origin) ?? []).filter((relationship) =>
    matches(relationship, target, hint),
  );
  const [only] = candidates;
  if (candidates.length === 1 && only) return only;
  if (candidates.length === 0) throw noRelationship(schema.name, origin, target, hint);
  throw restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    candidates.map(describe),
    `Try changing '${target}' to one of the following: ${candidates
      .map((relationship) => `'${relationship.target}!${hintFor(relationship)}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

export function noRelationship(
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
) {
  const using = hint === undefined ? '' : `' using the hint '${hint}`;
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${target}${using}' in the schema '${schema}', but no matches were found.`,
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
        junction.sourceColumns.map(([, column]) => column),
      )} and ${junction.targetConstraint}${columnList(
        junction.targetColumns.map(([, column]) => column),
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
