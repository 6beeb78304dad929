import { jwtVerify, SignJWT, errors, type JWTPayload } from 'jose';
import { LOCAL_JWT_SECRET } from './keys';

export interface JwtClaims extends JWTPayload {
  role?: string;
  sub?: string;
  email?: string;
  session_id?: string;
  [claim: string]: unknown;
}

const secret = new TextEncoder().encode(LOCAL_JWT_SECRET);

export async function signJwt(claims: JwtClaims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

export type VerifyResult =
  { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid'; message: string };

/** Verifies an HS256 token signed with the local secret; `exp` is enforced, `aud` is not checked. */
export async function verifyJwt(token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify<JwtClaims>(token, secret, { algorithms: ['HS256'] });
    return { ok: true, claims: payload };
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      return { ok: false, reason: 'expired', message: 'JWT expired' };
    return {
      ok: false,
      reason: 'invalid',
      message: error instanceof Error ? error.message : 'invalid JWT',
    };
  }
}
