import type { ApiResponse } from '../../http/types';
import { restError } from '../errors';
import type { ResponseSettingsRow } from '../query/result';

/** `response.status` / `response.headers` set by a function or trigger, as PostgREST applies them. */
export function applyResponseSettings(
  response: ApiResponse,
  settings: ResponseSettingsRow,
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
