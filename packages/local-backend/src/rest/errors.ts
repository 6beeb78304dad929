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

export const tableNotFound = (name: string) =>
  restError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);

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

interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** PostgREST's SQLSTATE -> HTTP status table (the request role decides 42501). */
export function statusForSqlState(code: string, message: string, anonymous: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '42883':
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return anonymous ? 401 : 403;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
  }
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return byClass[code.slice(0, 2)] ?? 400;
}

/**
 * Turns an error Postgres raised into PostgREST's answer. `raise sqlstate 'PGRST'` with a JSON
 * message and detail lets a function choose the whole response, as PostgREST allows.
 */
export function fromDatabaseError(error: unknown, anonymous: boolean): HttpError | undefined {
  if (!isDatabaseError(error)) return undefined;
  if (error.code === 'PGRST') {
    const custom = customError(error);
    if (custom) return custom;
  }
  return new HttpError(statusForSqlState(error.code, error.message, anonymous), {
    code: error.code,
    details: error.detail ?? null,
    hint: error.hint ?? null,
    message: error.message,
  });
}

function customError(error: DatabaseErrorLike): HttpError | undefined {
  try {
    const body = JSON.parse(error.message) as Record<string, unknown>;
    const meta = JSON.parse(error.detail ?? '{}') as {
      status?: number;
      headers?: Record<string, string>;
    };
    return new HttpError(
      meta.status ?? 400,
      {
        code: body.code ?? null,
        details: body.details ?? null,
        hint: body.hint ?? null,
        message: body.message ?? null,
      },
      meta.headers ?? {},
    );
  } catch {
    return undefined;
  }
}
