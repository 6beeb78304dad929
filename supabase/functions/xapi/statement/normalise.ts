/**
 * What the LRS makes of a valid statement before storing it (xAPI-Data 2.2 and 2.4): an id when it
 * has none, ids in lower case (a UUID's case carries no meaning, and the database compares stored
 * statements as JSON), and each contextActivities value as an array, the form the LRS must return.
 * The database sets stored, authority, and timestamp and version when absent.
 */
import type { StatementJson } from './validate.ts';

function contextWithArrays(context: unknown): unknown {
  if (!context || typeof context !== 'object') return context;
  const { contextActivities } = context as StatementJson;
  if (!contextActivities || typeof contextActivities !== 'object') return context;
  const asArrays = Object.fromEntries(
    Object.entries(contextActivities as StatementJson).map(([kind, activities]) => [
      kind,
      Array.isArray(activities) ? activities : [activities],
    ]),
  );
  return { ...(context as StatementJson), contextActivities: asArrays };
}

/** Before validation: the one shape change the validator would otherwise refuse. */
export function withContextActivityArrays(statement: unknown): unknown {
  if (!statement || typeof statement !== 'object' || Array.isArray(statement)) return statement;
  const result: StatementJson = { ...(statement as StatementJson) };
  if ('context' in result) result.context = contextWithArrays(result.context);
  const object = result.object as StatementJson | undefined;
  if (
    object &&
    typeof object === 'object' &&
    object.objectType === 'SubStatement' &&
    'context' in object
  ) {
    result.object = { ...object, context: contextWithArrays(object.context) };
  }
  return result;
}

export function withId(statement: StatementJson): StatementJson {
  const id = typeof statement.id === 'string' ? statement.id.toLowerCase() : crypto.randomUUID();
  const object = statement.object as StatementJson | undefined;
  const normalisedObject =
    object?.objectType === 'StatementRef' && typeof object.id === 'string'
      ? { ...object, id: object.id.toLowerCase() }
      : object;
  return { ...statement, id, object: normalisedObject };
}
