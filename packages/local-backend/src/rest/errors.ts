import { HttpError } from '../http/types';

export type ErrorDetails = string | Record<string, unknown>[] | null;

/** A PostgREST error body: `{code, message, details, hint}` with null where absent. */
export function restError(
  status: number,
  code: string,
  message: string,
  details: ErrorDetails = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(status, { code, details, hint, message }, headers);
}

/** A request refused before PostgREST would have read it: PGRST102 for a body, PGRST100 else. */
export const restRefusal = (status: number, message: string) =>
  restError(status, status === 413 ? 'PGRST102' : 'PGRST100', message);

/** PGRST100, worded as PostgREST's parser: `"failed to parse select parameter (x)" (line 1, column 3)`. */
export const parseError = (
  what: string,
  input: string,
  details: string | null = null,
  column?: number,
) =>
  restError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${input})"${column === undefined ? '' : ` (line 1, column ${column})`}`,
    details,
  );

export const invalidBody = (message = 'Empty or invalid json') =>
  restError(400, 'PGRST102', message);

export const tableNotFound = (schema: string, name: string) =>
  restError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);

export const columnNotFound = (relation: string, column: string) =>
  restError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );

/** What Postgres itself answers for an unknown column; PostgREST lets that error through. */
export const undefinedColumn = (relation: string, column: string) =>
  restError(400, '42703', `column ${relation}.${column} does not exist`);

export const singularityError = (rows: number) =>
  restError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

/** A strict `max-affected=N` preference when the write or call touched more rows. */
export const maxAffectedViolation = (affected: number) =>
  restError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${affected} rows`,
  );

export const notEmbedded = (name: string) =>
  restError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  );
