import { decodeJwt } from 'jose';
import { verifyJwt, type JwtClaims } from '../../jwt';
import { restError } from '../errors';

export const ANON_ROLE = 'anon';

/** The roles the authenticator may switch to; every other role claim is refused. */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

const clockSkewSeconds = 30;

export interface RequestRole {
  role: string;
  claims: JwtClaims;
  anonymous: boolean;
}

const jwtError = (status: number, code: string, message: string) =>
  restError(status, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });

/**
 * The bearer token decides the database role, as PostgREST's JWT handling does: no token is the
 * anon role; a bad signature is 401 PGRST301; an expired token is 401 PGRST303 (30 s of clock
 * skew allowed); a token without a role claim runs as anon.
 */
export async function roleForBearer(
  bearer: string | undefined,
  existingRoles: ReadonlySet<string>,
): Promise<RequestRole> {
  if (!bearer) return { role: ANON_ROLE, claims: { role: ANON_ROLE }, anonymous: true };
  const parts = bearer.split('.').length;
  if (parts !== 3) throw jwtError(401, 'PGRST301', `Expected 3 parts in JWT; got ${parts}`);

  const verified = await verifyJwt(bearer);
  let claims: JwtClaims;
  if (verified.ok) claims = verified.claims;
  else if (verified.reason === 'expired') {
    // verifyJwt checks the signature before the expiry, so these claims are authentic.
    claims = decodeJwt(bearer) as JwtClaims;
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp !== 'number' || now - claims.exp > clockSkewSeconds) {
      throw jwtError(401, 'PGRST303', 'JWT expired');
    }
  } else throw jwtError(401, 'PGRST301', 'JWT cryptographic operation failed');

  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : ANON_ROLE;
  if (!API_ROLES.has(role)) {
    // What Postgres answers when the authenticator may not, or cannot, switch to that role.
    if (existingRoles.has(role)) {
      throw restError(403, '42501', `permission denied to set role "${role}"`);
    }
    throw restError(400, '22023', `role "${role}" does not exist`);
  }
  return { role, claims: { ...claims, role }, anonymous: role === ANON_ROLE };
}
