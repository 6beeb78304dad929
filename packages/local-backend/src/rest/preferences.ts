import type { ApiRequest } from '../http/types';
import { restError } from './errors';
import type { BodyShape } from './query-builder';

export interface Preferences {
  return: 'minimal' | 'headers-only' | 'representation' | undefined;
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missingDefault: boolean;
  /** The `Preference-Applied` values to echo. */
  applied: string[];
}

const headerValue = (request: ApiRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** `Prefer: return=representation, count=exact, ...` (several headers combine). */
export function parsePreferences(request: ApiRequest): Preferences {
  const preferences: Preferences = {
    return: undefined,
    count: false,
    resolution: undefined,
    missingDefault: false,
    applied: [],
  };
  const tokens = (headerValue(request, 'prefer') ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  for (const token of tokens) {
    const [name, value] = token.split('=').map((part) => part.trim());
    if (
      name === 'return' &&
      (value === 'minimal' || value === 'headers-only' || value === 'representation')
    ) {
      preferences.return = value;
      preferences.applied.push(token);
    } else if (
      name === 'count' &&
      (value === 'exact' || value === 'planned' || value === 'estimated')
    ) {
      preferences.count = true;
      preferences.applied.push(token);
    } else if (
      name === 'resolution' &&
      (value === 'merge-duplicates' || value === 'ignore-duplicates')
    ) {
      preferences.resolution = value;
      preferences.applied.push(token);
    } else if (name === 'missing' && value === 'default') {
      preferences.missingDefault = true;
      preferences.applied.push(token);
    }
  }
  return preferences;
}

export interface ResponseFormat {
  shape: Exclude<BodyShape, 'none'>;
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

/** `Accept-Profile` / `Content-Profile`: only `public` is exposed. */
export function checkProfile(request: ApiRequest): void {
  const readLike = request.method === 'GET' || request.method === 'HEAD';
  const profile = headerValue(request, readLike ? 'accept-profile' : 'content-profile');
  if (profile !== undefined && profile !== 'public') {
    throw restError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      'Only the following schemas are exposed: public',
    );
  }
}

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
