import type { ApiRequest } from '../../http/types';
import { restError } from '../errors';
import { pathSegments, resourceOf, type Resource } from './path';
import { parsePreferences, type Preferences } from './preferences';
import { negotiateSchema } from './profile';
import { roleForBearer, type RequestRole } from './role';

/** A /rest/v1 request as every later stage sees it: what it asks for, in which schema, as whom. */
export interface RestRequest {
  http: ApiRequest;
  /** Upper case. */
  method: string;
  schema: string;
  schemaByProfile: boolean;
  resource: Resource;
  role: RequestRole;
  preferences: Preferences;
}

const supportedMethods = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];

/**
 * Reads the method, the schema, the path and the role, answering the first that is wrong; the
 * query string, the body and the other headers are read while the request is planned.
 */
export async function readApiRequest(
  http: ApiRequest,
  exposedSchemas: readonly string[],
  existingRoles: ReadonlySet<string>,
): Promise<RestRequest> {
  const method = http.method.toUpperCase();
  if (!supportedMethods.includes(method)) {
    throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  const { schema, byProfile } = negotiateSchema(http, method, exposedSchemas);
  const segments = pathSegments(http.path);
  const role = await roleForBearer(http.bearer, existingRoles);
  return {
    http,
    method,
    schema,
    schemaByProfile: byProfile,
    resource: resourceOf(segments),
    role,
    preferences: parsePreferences(http),
  };
}

export const isReadLike = (request: RestRequest) =>
  request.method === 'GET' || request.method === 'HEAD';
