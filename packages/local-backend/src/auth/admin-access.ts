import type { ApiRequest } from '../http/types';
import type { JwtClaims } from '../jwt';
import type { AuthContext } from './context';
import { authError } from './errors';
import { authenticate, verifiedClaims } from './tokens';

/** GoTrue's default JWT_ADMIN_ROLES. */
const adminRoles = new Set(['service_role', 'supabase_admin']);

/**
 * The admin API's gate: a valid token whose role is an admin role (the service_role key), else
 * GoTrue's 401/403. A token of a user session must also still have that session.
 */
export async function requireAdmin(context: AuthContext, request: ApiRequest): Promise<JwtClaims> {
  if (!request.bearer) {
    throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  const claims = await verifiedClaims(request.bearer);
  if (claims.session_id) await authenticate(context, request);
  if (typeof claims.role !== 'string' || !adminRoles.has(claims.role)) {
    throw authError(403, 'not_admin', 'User not allowed');
  }
  return claims;
}

/** The audience the admin API works in: the X-JWT-AUD header's, else the default. */
export function requestAudience(request: ApiRequest): string {
  const header = request.headers['x-jwt-aud'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || 'authenticated';
}
