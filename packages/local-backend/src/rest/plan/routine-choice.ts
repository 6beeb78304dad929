import { restError } from '../errors';
import { compareText } from '../schema-cache/compare-text';
import type { ExposedSchema, RoutineInfo } from '../schema-cache/types';

export interface RoutineChoice {
  routine: RoutineInfo;
  /** The function takes one unnamed json/jsonb parameter and receives the whole body. */
  wholeBody: boolean;
}

export const isJsonType = (type: string) => type === 'json' || type === 'jsonb';

/** Argument names PostgREST may read from the query string for GET /rpc/<name>. */
export function argumentNames(schema: ExposedSchema, name: string): Set<string> {
  const names = (schema.routines.get(name) ?? []).flatMap((routine) =>
    routine.params.map((param) => param.name),
  );
  return new Set(names.filter(Boolean));
}

/**
 * Whether the argument names fit the function as PostgREST matches them: every required
 * parameter given, the rest optional ones; a function without parameters takes no arguments.
 */
function fitsArguments(routine: RoutineInfo, keys: Set<string>): boolean {
  if (routine.params.length === 0) return keys.size === 0;
  const required = routine.params.filter((param) => !param.hasDefault).map((param) => param.name);
  const optional = new Set(
    routine.params.filter((param) => param.hasDefault).map((param) => param.name),
  );
  const rest = [...keys].filter((key) => !optional.has(key));
  return rest.length === required.length && required.every((name) => keys.has(name));
}

/** One unnamed json/jsonb parameter: a POST's whole body is its argument. */
const takesWholeBody = (routine: RoutineInfo) =>
  routine.params.length === 1 &&
  routine.params[0]?.name === '' &&
  isJsonType(routine.params[0].type);

/**
 * Chooses the overload as PostgREST's findProc does: the functions whose parameters fit the
 * argument names; failing those, for a POST, the one taking the whole body. Several candidates
 * either way are 300 PGRST203 (Postgres could not choose either), none 404 PGRST202.
 */
export function chooseRoutine(
  schema: ExposedSchema,
  name: string,
  keys: string[],
  acceptsWholeBody: boolean,
): RoutineChoice {
  const overloads = schema.routines.get(name) ?? [];
  const qualifiedName = `${schema.name}.${name}`;
  const given = new Set(keys);
  const fitting = overloads.filter((routine) => fitsArguments(routine, given));
  const bodyTaking = acceptsWholeBody
    ? overloads.filter((routine) => !fitting.includes(routine) && takesWholeBody(routine))
    : [];
  const [candidates, wholeBody] = fitting.length > 0 ? [fitting, false] : [bodyTaking, true];
  const [only] = candidates;
  if (candidates.length === 1 && only) return { routine: only, wholeBody };
  if (candidates.length > 1) {
    throw restError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates
        .map(
          (routine) =>
            `${qualifiedName}(${routine.params.map((param) => `${param.name} => ${param.type}`).join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }

  const sorted = [...given].sort(compareText);
  const described =
    sorted.length === 0
      ? 'without parameters'
      : `with parameter${sorted.length === 1 ? '' : 's'} ${sorted.join(', ')}`;
  throw restError(
    404,
    'PGRST202',
    sorted.length === 0
      ? `Could not find the function ${qualifiedName} without parameters in the schema cache`
      : `Could not find the function ${qualifiedName}(${sorted.join(', ')}) in the schema cache`,
    `Searched for the function ${qualifiedName} ${described}${
      acceptsWholeBody ? ' or with a single unnamed json/jsonb parameter' : ''
    }, but no matches were found in the schema cache.`,
  );
}

/** Query-string arguments are text; a json/jsonb parameter gets the JSON the text holds. */
export function argumentsFromQuery(
  routine: RoutineInfo,
  values: Map<string, string>,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [name, value] of values) {
    const param = routine.params.find((candidate) => candidate.name === name);
    if (param && isJsonType(param.type)) {
      try {
        args[name] = JSON.parse(value);
        continue;
      } catch {
        // Not JSON: Postgres reports the invalid input itself.
      }
    }
    args[name] = value;
  }
  return args;
}
