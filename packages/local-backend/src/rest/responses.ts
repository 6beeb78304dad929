import type { ApiResponse } from '../http/types';
import { restError } from './errors';

/**
 * PostgREST's `Content-Range` and status for a page of rows: `first-last/total`, `*` for an
 * unknown total or an empty page; 206 when a counted result is cut, 416 past the end.
 */
export function pageRange(
  offset: number,
  rows: number,
  total: number | undefined,
): { status: number; contentRange: string } {
  const last = offset + rows - 1;
  const range = total !== 0 && offset <= last ? `${offset}-${last}` : '*';
  const contentRange = `${range}/${total ?? '*'}`;
  if (total === undefined) return { status: 200, contentRange };
  if (offset > total) {
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'Content-Range': `*/${total}` },
    );
  }
  return { status: rows < total ? 206 : 200, contentRange };
}

/** `response.status` / `response.headers` set by a function or trigger, as PostgREST applies them. */
export function applyResponseSettings(
  response: ApiResponse,
  settings: { status: string | null; headers: string | null },
): ApiResponse {
  const result: ApiResponse = { ...response, headers: { ...response.headers } };
  const status = Number(settings.status);
  if (settings.status && Number.isInteger(status) && status >= 100 && status <= 599) {
    result.status = status;
  }
  if (settings.headers) {
    try {
      const list = JSON.parse(settings.headers) as unknown;
      if (Array.isArray(list)) {
        for (const entry of list) {
          if (!entry || typeof entry !== 'object') continue;
          for (const [name, value] of Object.entries(entry as Record<string, unknown>)) {
            if (typeof value === 'string') result.headers = { ...result.headers, [name]: value };
          }
        }
      }
    } catch {
      throw restError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      );
    }
  }
  return result;
}

export function jsonResponse(
  status: number,
  body: string | null,
  contentType: string,
  headers: Record<string, string> = {},
): ApiResponse {
  if (body === null) return { status, headers, raw: '' };
  return { status, headers: { 'Content-Type': contentType, ...headers }, raw: body };
}
