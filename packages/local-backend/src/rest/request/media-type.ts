import type { ApiRequest } from '../../http/types';
import { restError } from '../errors';
import { headerValue } from './headers';

/** A JSON array of the rows, or the single row as an object (`vnd.pgrst.object`). */
export type ResponseShape = 'array' | 'object';

export interface ResponseFormat {
  shape: ResponseShape;
  stripNulls: boolean;
  contentType: string;
}

/** The response media type from `Accept`; anything unsupported is 406 PGRST107. */
export function parseAccept(request: ApiRequest): ResponseFormat {
  const accept = headerValue(request, 'accept') ?? '';
  const candidates = accept
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (candidates.length === 0) candidates.push('*/*');
  for (const candidate of candidates) {
    const [type = '', ...parameters] = candidate
      .split(';')
      .map((part) => part.trim().toLowerCase());
    const stripNulls = parameters.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return {
        shape: 'object',
        stripNulls,
        contentType: 'application/vnd.pgrst.object+json; charset=utf-8',
      };
    }
    if (
      type === 'application/json' ||
      type === 'application/vnd.pgrst.array+json' ||
      type === '*/*' ||
      type === 'application/*'
    ) {
      return { shape: 'array', stripNulls, contentType: 'application/json; charset=utf-8' };
    }
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}
