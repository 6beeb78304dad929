import type { ApiRequest } from '../../http/types';
import { restError } from '../errors';
import { headerValue } from './headers';

/** `Range: 0-9` (items): the same as offset=0&limit=10. */
export function parseRangeHeader(
  request: ApiRequest,
): { offset: number; limit: number | undefined } | undefined {
  const header = headerValue(request, 'range');
  if (!header) return undefined;
  const match = /^(?:items=)?\s*(\d+)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = match[2] === '' ? undefined : Number(match[2]);
  if (to !== undefined && to < from) {
    throw restError(416, 'PGRST103', 'Requested range not satisfiable', null);
  }
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 };
}
