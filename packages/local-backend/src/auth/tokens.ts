import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { ApiRequest } from '../http/types';
import { signJwt, verifyJwt, type JwtClaims } from '../jwt';
import type { AuthContext } from './context';
import { authError } from './errors';
import { findUserById, isUuid, type UserRow } from './users';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface SessionClaims {
  id: string;
  aal: string;
  /** Newest first. */
  amr: AmrEntry[];
}

export interface AccessToken {
  token: string;
  expiresAt: number;
  expiresIn: number;
}

/** An access token with GoTrue's claims, in GoTrue's order. */
export async function signAccessToken(
  context: AuthContext,
  user: UserRow,
  session: SessionClaims,
): Promise<AccessToken> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresIn = context.settings.jwtExpiry;
  const claims: JwtClaims = {
    iss: context.externalUrl,
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp: issuedAt + expiresIn,
    iat: issuedAt,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: session.aal,
    amr: session.amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  return { token: await signJwt(claims), expiresAt: issuedAt + expiresIn, expiresIn };
}

export interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  /** The session the token belongs to (tokens minted elsewhere may have none). */
  sessionId: string | undefined;
}

/** The user behind the request's bearer token, with GoTrue's 401/403 answers when there is none. */
export async function authenticate(
  context: AuthContext,
  request: ApiRequest,
): Promise<Authenticated> {
  if (!request.bearer) {
    throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  const claims = await verifiedClaims(request.bearer);
  if (!claims.sub) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) {
    throw authError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await findUserById(context.pool, claims.sub);
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');

  const sessionId = claims.session_id;
  if (sessionId !== undefined && sessionId !== '' && sessionId !== nilUuid) {
    if (!isUuid(sessionId)) {
      throw authError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    }
    const { rowCount } = await context.pool.query(
      `select 1 from auth.sessions
        where id = $1 and user_id = $2 and (not_after is null or not_after > now())`,
      [sessionId, user.id],
    );
    if (!rowCount) {
      throw authError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    }
  }
  // A ban also stops access tokens issued before it.
  if (user.banned_until && user.banned_until > new Date()) {
    throw authError(403, 'user_banned', 'User is banned');
  }
  return { claims, user, sessionId: sessionId || undefined };
}

const nilUuid = '00000000-0000-0000-0000-000000000000';

/** The token's claims once its signature and expiry check out; 403 bad_jwt worded as GoTrue's. */
export async function verifiedClaims(token: string): Promise<JwtClaims> {
  const verified = await verifyJwt(token);
  if (verified.ok) return verified.claims;
  throw authError(
    403,
    'bad_jwt',
    `invalid JWT: unable to parse or verify signature, ${jwtProblem(token, verified.reason)}`,
  );
}

/** What GoTrue's JWT parser (golang-jwt) says about a token it refuses. */
function jwtProblem(token: string, reason: 'expired' | 'invalid'): string {
  const parts = token.split('.');
  if (parts.length !== 3) return 'token is malformed: token contains an invalid number of segments';
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(parts[0] ?? '', 'base64url').toString('utf8'));
  } catch {
    return 'token is malformed: could not JSON decode header';
  }
  const alg = (header as { alg?: unknown } | null)?.alg;
  if (typeof alg !== 'string' || !alg) {
    return 'token is unverifiable: signing method (alg) is unspecified';
  }
  if (alg !== 'HS256') return `token signature is invalid: signing method ${alg} is invalid`;
  if (reason === 'expired') return 'token has invalid claims: token is expired';
  try {
    JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return 'token is malformed: could not JSON decode claim';
  }
  return 'token signature is invalid: signature is invalid';
}

/** An opaque, unguessable token (refresh tokens, PKCE codes' companions). */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** The numeric code e-mails carry (`otp_length` 6). */
export function randomOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** GoTrue's token hash: hex SHA-224 of the address and the code, what e-mail links carry. */
export function emailTokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}
