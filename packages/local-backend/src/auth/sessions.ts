import { isIP } from 'node:net';
import type { ApiRequest } from '../http/types';
import { inTransaction, type AuthContext, type Db } from './context';
import { authError } from './errors';
import { signAccessToken, randomToken, type AmrEntry } from './tokens';
import { findUserById, INSTANCE_ID, UnreadableUserError, userJson, type UserRow } from './users';

/** How the user proved who they are, as the `amr` claim names it. */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'oauth'
  | 'recovery'
  | 'magiclink'
  | 'invite'
  | 'email/signup'
  | 'email_change'
  | 'anonymous';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  [extra: string]: unknown;
}

/** Opens a session for `user` (with its first refresh token) and answers GoTrue's session object. */
export async function startSession(
  context: AuthContext,
  db: Db,
  user: UserRow,
  method: AuthMethod,
  request: ApiRequest,
  provider = 'email',
): Promise<SessionResponse> {
  const sessionId = crypto.randomUUID();
  const userAgent = request.headers['user-agent'] ?? null;
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, userAgent, isIP(request.ip) ? request.ip : null],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)`,
    [sessionId, method, crypto.randomUUID()],
  );
  const refreshToken = await insertRefreshToken(db, user.id, sessionId, null);
  await db.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
  await db.query(
    'update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = $2',
    [user.id, provider],
  );
  const signedIn = (await findUserById(db, user.id)) ?? user;
  return sessionResponse(context, db, signedIn, sessionId, refreshToken);
}

export async function insertRefreshToken(
  db: Db,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
       parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, token, userId, parent, sessionId],
  );
  return token;
}

/** The `amr` methods of a second factor: a session with one of them is at aal2. */
const secondFactorMethods = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

/** A fresh access token for the session plus the given refresh token, with the user. */
export async function sessionResponse(
  context: AuthContext,
  db: Db,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  // As GoTrue: a claim's time is when it was last made (a second TOTP verification renews it), and
  // the level follows from the claims.
  const { rows: claims } = await db.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::float8 as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, id`,
    [sessionId],
  );
  const amr: AmrEntry[] = claims.map((claim) => ({
    method: claim.method,
    timestamp: claim.timestamp,
  }));
  const accessToken = await signAccessToken(context, user, {
    id: sessionId,
    aal: amr.some((claim) => secondFactorMethods.has(claim.method)) ? 'aal2' : 'aal1',
    amr,
  });
  return {
    access_token: accessToken.token,
    token_type: 'bearer',
    expires_in: accessToken.expiresIn,
    expires_at: accessToken.expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

interface RefreshTokenRow {
  id: string;
  token: string;
  revoked: boolean;
  session_id: string | null;
  user_id: string;
  reusable: boolean;
}

const refreshTokenNotFound = () =>
  authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * The refresh_token grant with rotation: each refresh revokes the token and issues its child. A
 * revoked token is still honoured for refresh_token_reuse_interval seconds (a client that lost the
 * answer) and then gets the session's current token back; used later, it is taken as stolen and
 * the whole session's token family is revoked.
 */
export async function refreshSession(
  context: AuthContext,
  token: string,
): Promise<SessionResponse> {
  let reuseDetected = false;
  const session = await inTransaction(context.pool, async (client) => {
    const found = await client.query<{ session_id: string | null }>(
      'select session_id from auth.refresh_tokens where token = $1',
      [token],
    );
    const sessionId = found.rows[0]?.session_id;
    if (!sessionId) throw refreshTokenNotFound();

    // Concurrent refreshes of one session take turns.
    const { rows: sessions } = await client.query<{ user_id: string; expired: boolean }>(
      `select user_id, (not_after is not null and not_after <= now()) as expired
         from auth.sessions where id = $1 for update`,
      [sessionId],
    );
    const sessionRow = sessions[0];
    if (!sessionRow) throw refreshTokenNotFound();
    if (sessionRow.expired) {
      throw authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    }
    const { rows } = await client.query<RefreshTokenRow>(
      `select id, token, revoked, session_id, user_id,
              updated_at + make_interval(secs => $2) > now() as reusable
         from auth.refresh_tokens where token = $1`,
      [token, context.settings.refreshTokenReuseInterval],
    );
    const current = rows[0];
    if (!current) throw refreshTokenNotFound();

    const user = await findUserById(client, sessionRow.user_id).catch((error: unknown) => {
      // GoTrue passes the driver's error on as the message here.
      if (error instanceof UnreadableUserError) error.answer = error.scanError;
      throw error;
    });
    if (!user) throw refreshTokenNotFound();
    if (user.banned_until && user.banned_until > new Date()) {
      throw authError(400, 'user_banned', 'User is banned');
    }

    let issued = current.token;
    if (current.revoked) {
      const { rows: active } = await client.query<{ token: string }>(
        `select token from auth.refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 1`,
        [sessionId],
      );
      const activeToken = active[0]?.token;
      if (!current.reusable || !activeToken) {
        await client.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now()
            where session_id = $1 and revoked = false`,
          [sessionId],
        );
        reuseDetected = true;
        return undefined;
      }
      issued = activeToken;
    } else if (context.settings.refreshTokenRotation) {
      await client.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
        [current.id],
      );
      issued = await insertRefreshToken(client, user.id, sessionId, current.token);
    }
    await client.query(
      'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
      [sessionId],
    );
    return sessionResponse(context, client, user, sessionId, issued);
  });
  if (reuseDetected || !session) {
    throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  return session;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions (their refresh tokens go with them); issued access tokens stay valid until exp. */
export async function endSessions(
  db: Db,
  userId: string,
  currentSessionId: string | undefined,
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
    await db.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
    return;
  }
  if (!currentSessionId) return;
  if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1 and user_id = $2', [
      currentSessionId,
      userId,
    ]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      userId,
      currentSessionId,
    ]);
  }
}
