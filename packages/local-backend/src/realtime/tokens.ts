import { verifyJwt, type JwtClaims } from '../jwt';

export type TokenProblem = 'expired' | 'missing_claims' | 'malformed' | 'signature';

export type TokenCheck =
  | { ok: true; claims: JwtClaims & { role: string; exp: number } }
  | { ok: false; problem: TokenProblem; message: string };

/**
 * Checks a token the way hosted Realtime does: a valid signature, not expired, and both `role` and
 * `exp` present. Messages are hosted Realtime's.
 */
export async function checkToken(token: string): Promise<TokenCheck> {
  const unverified = readClaims(token);
  if (!unverified) {
    return { ok: false, problem: 'malformed', message: 'The token provided is not a valid JWT' };
  }
  const result = await verifyJwt(token);
  if (!result.ok) {
    if (result.reason === 'expired') {
      const exp = typeof unverified.exp === 'number' ? unverified.exp : 0;
      const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
      return { ok: false, problem: 'expired', message: `Token has expired ${ago} seconds ago` };
    }
    return { ok: false, problem: 'signature', message: 'Failed to validate JWT signature' };
  }
  const { claims } = result;
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return {
      ok: false,
      problem: 'missing_claims',
      message: 'Fields `role` and `exp` are required in JWT',
    };
  }
  return { ok: true, claims: claims as JwtClaims & { role: string; exp: number } };
}

/** The claims of a token shaped like a JWT (header and payload are JSON objects), unverified. */
function readClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const [header, payload] = parts.slice(0, 2).map((part) => {
      const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not JSON');
      return value as Record<string, unknown>;
    });
    return header && payload ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** The join error reason hosted Realtime answers for a token problem. */
export function joinErrorReason(problem: TokenProblem, message: string): string {
  const code: Record<TokenProblem, string> = {
    expired: 'InvalidJWTToken',
    missing_claims: 'InvalidJWTToken',
    malformed: 'MalformedJWT',
    signature: 'JwtSignatureError',
  };
  return `${code[problem]}: ${message}`;
}
