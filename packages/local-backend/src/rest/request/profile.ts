import type { ApiRequest } from '../../http/types';
import { restError } from '../errors';
import { headerValue } from './headers';

export interface NegotiatedSchema {
  schema: string;
  /** Answered with `Content-Profile`: the request named its schema, or had several to choose from. */
  byProfile: boolean;
}

/**
 * The schema a request works in: the one `Accept-Profile` (GET, HEAD) or `Content-Profile`
 * (writes and POST /rpc) names, else the first exposed one. Naming a schema that is not exposed is
 * 406 PGRST106.
 */
export function negotiateSchema(
  request: ApiRequest,
  method: string,
  exposedSchemas: readonly string[],
): NegotiatedSchema {
  const readLike = method === 'GET' || method === 'HEAD';
  const profile = headerValue(request, readLike ? 'accept-profile' : 'content-profile');
  if (profile === undefined) {
    return { schema: exposedSchemas[0] ?? 'public', byProfile: exposedSchemas.length > 1 };
  }
  if (!exposedSchemas.includes(profile)) {
    throw restError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${exposedSchemas.join(', ')}`,
    );
  }
  return { schema: profile, byProfile: true };
}
