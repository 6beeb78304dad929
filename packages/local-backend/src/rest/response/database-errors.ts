import { HttpError } from '../../http/types';
import { restError } from '../errors';

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
function statusForSqlState(code: string, message: string, anonymous: boolean): number {
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
function fromDatabaseError(error: unknown, anonymous: boolean): HttpError | undefined {
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

const connectionErrorCodes = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'];

/**
 * A lost or refused database connection, answered 503 as PostgREST answers it: a connection it
 * could not open is PGRST000, one that broke under a query PGRST001 (both with the driver's message
 * as details), and the server's own "terminating connection" errors (57P01 admin shutdown, 57P02
 * crash of another server process) keep their SQLSTATE and message. 57P03 ("the database system is
 * starting up") only happens while connecting. The pool replaces the broken connection by itself.
 */
function connectionLost(error: unknown): HttpError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED' || code === '57P03') {
    return restError(
      503,
      'PGRST000',
      'Database connection error. Retrying the connection.',
      error.message,
    );
  }
  if (code === '57P01' || code === '57P02') {
    return restError(503, code, error.message);
  }
  if (
    (typeof code === 'string' && connectionErrorCodes.includes(code)) ||
    /^Connection terminated|not queryable|Client was closed/.test(error.message)
  ) {
    return restError(
      503,
      'PGRST001',
      'Database client error. Retrying the connection.',
      error.message,
    );
  }
  return undefined;
}

/** Any failure under a request as the HTTP error PostgREST answers; unknown errors pass through. */
export function asHttpError(error: unknown, anonymous: boolean): unknown {
  if (error instanceof HttpError) return error;
  return connectionLost(error) ?? fromDatabaseError(error, anonymous) ?? error;
}
