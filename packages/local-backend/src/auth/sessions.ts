import { isIP } from 'node:net';
import type { ApiRequest } from '../http/types';
import { inTransaction, type AuthContext, type Db } from './context';
import { authError } from './errors';
import { signAccessToken, randomToken, type AmrEntry } from './tokens';
import {
  factorsFromJson,
  factorsJsonSql,
  identitiesFromJson,
  identitiesJsonSql,
  identityColumnsOf,
  INSTANCE_ID,
  nullStringColumnsOf,
  readableUser,
  UnreadableUserError,
  userColumnsOf,
  userJsonOf,
  type UserRow,
} from './users';

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

/**
 * Opens a session for `user` (with its first refresh token) and answers GoTrue's session object.
 * One statement writes the session, its amr claim and refresh token and the sign-in times, and reads
 * back what the answer shows: a round trip per statement would hold a pooled connection that long.
 * Atomic on its own, so it needs no transaction of its own either.
 */
export async function startSession(
  context: AuthContext,
  db: Db,
  user: UserRow,
  method: AuthMethod,
  request: ApiRequest,
  provider = 'email',
): Promise<SessionResponse> {
  const sessionId = crypto.randomUUID();
  const refreshToken = randomToken();
  const userAgent = request.headers['user-agent'] ?? null;
  // Named, so each pooled connection parses and plans it once: planning it costs a good part of
  // running it. The refresh's statements are named for the same reason.
  const { rows } = await db.query<UserRow & SessionDetails & { null_string_columns?: string[] }>({
    name: 'auth.start_session',
    text: startSessionSql,
    values: [
      sessionId,
      user.id,
      userAgent,
      isIP(request.ip) ? request.ip : null,
      method,
      crypto.randomUUID(),
      INSTANCE_ID,
      refreshToken,
      provider,
    ],
  });
  const { amr, identities, factors, ...row } = rows[0] as (typeof rows)[0];
  const updated = row.id === null ? undefined : readableUser(row);
  // A deleted user is not read back (as findUserById would not find it): the answer shows `user`.
  const signedIn = updated && !updated.deleted_at ? updated : user;
  const details = { amr, identities, factors };
  return respond(context, signedIn, sessionId, refreshToken, details);
}

/** The claims of a session (newest first) and its user's identities and factors, as JSON. */
interface SessionDetails {
  amr: AmrEntry[];
  identities: Record<string, unknown>[];
  factors: Record<string, unknown>[];
}

// As GoTrue: a claim's time is when it was last made (a second TOTP verification renews it), and
// the level follows from the claims.
const amrJsonSql = (from: string) =>
  `(select coalesce(json_agg(json_build_object('method', authentication_method,
              'timestamp', floor(extract(epoch from updated_at))::float8)
            order by updated_at desc, id), '[]'::json)
      from ${from}) as amr`;

/** The session's details for `$1` (the session) and `$2` (its user), as the columns of a select. */
const sessionDetailsColumns = `${amrJsonSql('auth.mfa_amr_claims where session_id = $1::uuid')},
  ${identitiesJsonSql('auth.identities where user_id = $2::uuid')} as identities,
  ${factorsJsonSql('$2::uuid')} as factors`;

/**
 * The identities' rows are read beside their update, which the statement's own reads cannot see:
 * those it updated come from its RETURNING, the others from the table.
 */
const startSessionSql = `
  with input as (
    select $1::uuid as session_id, $2::uuid as user_id, $3::text as user_agent, $4::inet as ip,
           $5::text as method, $6::uuid as claim_id, $7::uuid as instance_id,
           $8::varchar as token, $9::text as provider
  ), session as (
    insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
    select session_id, user_id, now(), now(), 'aal1', user_agent, ip from input
    returning id
  ), claim as (
    insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
    select session.id, now(), now(), input.method, input.claim_id from session, input
    returning id, authentication_method, updated_at
  ), refresh_token as (
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
      parent, session_id)
    select input.instance_id, input.token, input.user_id::text, false, now(), now(), null, session.id
      from session, input
    returning id
  ), signed_in as (
    update auth.users u set last_sign_in_at = now() from input where u.id = input.user_id
    returning ${userColumnsOf('u')}, ${nullStringColumnsOf('u')}
  ), identity_signed_in as (
    update auth.identities i set last_sign_in_at = now() from input
     where i.user_id = input.user_id and i.provider = input.provider
    returning ${identityColumnsOf('i')}
  ), identity as (
    select * from identity_signed_in
    union all
    select ${identityColumnsOf('i')} from auth.identities i, input
     where i.user_id = input.user_id and i.id not in (select id from identity_signed_in)
  )
  select signed_in.*, ${amrJsonSql('claim')},
         ${identitiesJsonSql('identity')} as identities,
         ${factorsJsonSql('input.user_id')} as factors
    from input left join signed_in on true`;

async function readSessionDetails(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<SessionDetails> {
  const { rows } = await db.query<SessionDetails>({
    name: 'auth.session_details',
    text: `select ${sessionDetailsColumns}`,
    values: [sessionId, userId],
  });
  return rows[0] as SessionDetails;
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
  return respond(
    context,
    user,
    sessionId,
    refreshToken,
    await readSessionDetails(db, sessionId, user.id),
  );
}

async function respond(
  context: AuthContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  details: SessionDetails,
): Promise<SessionResponse> {
  const amr = details.amr.map((claim) => ({ method: claim.method, timestamp: claim.timestamp }));
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
    user: userJsonOf(
      user,
      identitiesFromJson(details.identities),
      factorsFromJson(details.factors),
    ),
  };
}

interface RefreshTokenRow {
  token_id: string;
  token: string;
  revoked: boolean;
  reusable: boolean;
  /** The session's newest unrevoked token, looked up only for a revoked one. */
  active_token: string | null;
}

const refreshTokenNotFound = () =>
  authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

// A token's session never changes, so finding it in the same statement as the lock is safe; what
// the token is now is read after the lock, in the next statement.
const lockRefreshedSessionSql = `
  select s.id, s.user_id, (s.not_after is not null and s.not_after <= now()) as expired
    from auth.sessions s
   where s.id = (select session_id from auth.refresh_tokens where token = $1)
     for update of s`;

const refreshTokenAndUserSql = `
  select t.id as token_id, t.token, t.revoked,
         t.updated_at + make_interval(secs => $2) > now() as reusable,
         case when t.revoked then
           (select a.token from auth.refresh_tokens a
             where a.session_id = t.session_id and a.revoked = false
             order by a.id desc limit 1)
         end as active_token,
         ${userColumnsOf('u')}, ${nullStringColumnsOf('u')}
    from auth.refresh_tokens t
    left join auth.users u on u.id = $3 and u.deleted_at is null
   where t.token = $1`;

/** The session's refresh time and what the answer shows, in one statement. */
const refreshSessionSql = `
  with refreshed as (
    update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid
    returning id
  )
  select ${sessionDetailsColumns}`;

/** refreshSessionSql that also revokes the token ($3) and issues its child ($5). */
const rotateRefreshTokenSql = `
  with revoked as (
    update auth.refresh_tokens set revoked = true, updated_at = now() where id = $3
    returning id
  ), issued as (
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,
      parent, session_id)
    values ($4, $5, $2::uuid::text, false, now(), now(), $6, $1::uuid)
    returning id
  ), refreshed as (
    update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid
    returning id
  )
  select ${sessionDetailsColumns}`;

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
    // Concurrent refreshes of one session take turns.
    const { rows: sessions } = await client.query<{
      id: string;
      user_id: string;
      expired: boolean;
    }>({ name: 'auth.lock_refreshed_session', text: lockRefreshedSessionSql, values: [token] });
    const sessionRow = sessions[0];
    if (!sessionRow) throw refreshTokenNotFound();
    const sessionId = sessionRow.id;
    if (sessionRow.expired) {
      throw authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    }
    const { rows } = await client.query<
      RefreshTokenRow & UserRow & { null_string_columns?: string[] }
    >({
      name: 'auth.refresh_token_and_user',
      text: refreshTokenAndUserSql,
      values: [token, context.settings.refreshTokenReuseInterval, sessionRow.user_id],
    });
    const found = rows[0];
    if (!found) throw refreshTokenNotFound();
    const {
      token_id: tokenId,
      token: currentToken,
      revoked,
      reusable,
      active_token: activeToken,
      ...userRow
    } = found;

    let user: UserRow | undefined;
    try {
      user = userRow.id === null ? undefined : readableUser(userRow);
    } catch (error) {
      // GoTrue passes the driver's error on as the message here.
      if (error instanceof UnreadableUserError) error.answer = error.scanError;
      throw error;
    }
    if (!user) throw refreshTokenNotFound();
    if (user.banned_until && user.banned_until > new Date()) {
      throw authError(400, 'user_banned', 'User is banned');
    }

    let issued = currentToken;
    let rotate = false;
    if (revoked) {
      if (!reusable || !activeToken) {
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
      issued = randomToken();
      rotate = true;
    }
    const { rows: details } = await client.query<SessionDetails>(
      rotate
        ? {
            name: 'auth.rotate_refresh_token',
            text: rotateRefreshTokenSql,
            values: [sessionId, user.id, tokenId, INSTANCE_ID, issued, currentToken],
          }
        : { name: 'auth.refresh_session', text: refreshSessionSql, values: [sessionId, user.id] },
    );
    return respond(context, user, sessionId, issued, details[0] as SessionDetails);
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
