import type { ApiRequest, ApiResponse } from '../http/types';
import { inTransaction, type AuthContext, type Db } from './context';
import { authError, badJson, validationFailed } from './errors';
import { loadFactor, type FactorPath, type FactorWithSecret } from './factors';
import { mfaVerificationAttemptHook } from './hooks';
import { checkMfaRate } from './mfa-rate-limit';
import { jsonBody, optionalString } from './request';
import { insertRefreshToken, sessionResponse } from './sessions';
import { totpMatchingStep } from './totp';
import { findUserById, isUuid } from './users';

/** GoTrue's 422 when a factor type's challenges and verifications are switched off. */
function assertVerifyEnabled(context: AuthContext, factor: FactorWithSecret): void {
  switch (factor.factor_type) {
    case 'totp':
      if (context.settings.mfa.totpVerifyEnabled) return;
      throw authError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    case 'phone':
      throw authError(
        422,
        'mfa_phone_verify_not_enabled',
        'MFA verification is disabled for Phone',
      );
    case 'webauthn':
      throw authError(
        422,
        'mfa_webauthn_verify_not_enabled',
        'MFA verification is disabled for WebAuthn',
      );
  }
}

/**
 * The address a challenge is bound to; verification must come from the same one. Hosted GoTrue
 * reads it from the header its own proxy sets; here it is the connection's, unless a header is
 * configured as trusted (LOCAL_BACKEND_RATE_LIMIT_HEADER, the one the rate limits read): a header
 * any client may send must not decide it.
 */
function requestAddress(context: AuthContext, request: ApiRequest): string {
  return context.limits.clientAddress(request);
}

/** Where a TOTP challenge's verification records the time step its code matched. */
const usedStepPrefix = 'totp-step:';

/** POST /factors/{id}/challenge -> { id, type, expires_at }: a challenge to verify a code against. */
export async function challengeFactor(
  context: AuthContext,
  request: ApiRequest,
  { factorId }: FactorPath,
): Promise<ApiResponse> {
  const { factor } = await loadFactor(context, request, factorId);
  checkMfaRate(context, 'challenge', request);
  assertVerifyEnabled(context, factor);
  const challengeId = crypto.randomUUID();
  const expiresAt = await inTransaction(context.pool, async (client) => {
    const { rows } = await client.query<{ expires_at: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values ($1, $2, now(), $3)
       returning floor(extract(epoch from created_at + make_interval(secs => $4)))::float8
         as expires_at`,
      [
        challengeId,
        factor.id,
        requestAddress(context, request),
        context.settings.mfa.challengeExpirySeconds,
      ],
    );
    // clock_timestamp: last_challenged_at is unique, and now() is the same all transaction long.
    await client.query(
      'update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $1',
      [factor.id],
    );
    return rows[0]?.expires_at ?? 0;
  });
  return {
    status: 200,
    body: { id: challengeId, type: factor.factor_type, expires_at: expiresAt },
  };
}

interface ChallengeRow {
  id: string;
  verified: boolean;
  same_address: boolean;
  expired: boolean;
}

/**
 * POST /factors/{id}/verify { challenge_id, code } -> the session, now at aal2. The first success
 * verifies the factor. A challenge serves one successful verification; wrong codes may be retried on
 * it until it expires.
 */
export async function verifyFactor(
  context: AuthContext,
  request: ApiRequest,
  { factorId }: FactorPath,
): Promise<ApiResponse> {
  const { factor, user, sessionId } = await loadFactor(context, request, factorId);
  checkMfaRate(context, 'verify', request);
  const body = jsonBody(request);
  const challengeId =
    optionalString(body, 'challenge_id') ?? '00000000-0000-0000-0000-000000000000';
  if (!isUuid(challengeId)) {
    throw badJson(`Could not parse request body as JSON: challenge_id must be a UUID`);
  }
  const code = optionalString(body, 'code') ?? '';
  if (code === '') throw validationFailed('Code needs to be non-empty');
  assertVerifyEnabled(context, factor);

  const { rows } = await context.pool.query<ChallengeRow>(
    `select id, verified_at is not null as verified, ip_address = $3::inet as same_address,
            created_at + make_interval(secs => $4) < now() as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [
      challengeId,
      factor.id,
      requestAddress(context, request),
      context.settings.mfa.challengeExpirySeconds,
    ],
  );
  const challenge = rows[0];
  if (!challenge) {
    throw authError(
      422,
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    );
  }
  if (challenge.verified || !challenge.same_address) throw addressMismatch();
  if (challenge.expired) {
    await context.pool.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
    throw authError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  const step = factor.secret ? totpMatchingStep(code, factor.secret) : null;
  const valid = step !== null && !(await stepAlreadyUsed(context, context.pool, factor.id, step));
  await mfaVerificationAttemptHook(context, request, {
    userId: user.id,
    factorId: factor.id,
    factorType: factor.factor_type,
    valid,
  });
  if (!valid || step === null) throw invalidCode();
  if (!sessionId) {
    throw authError(500, 'unexpected_failure', 'Cannot read SessionId claim as UUID');
  }

  const session = await inTransaction(context.pool, async (client) => {
    // Two verifications of one code on two challenges: the factor's lock lets only the first in.
    await client.query('select id from auth.mfa_factors where id = $1 for update', [factor.id]);
    if (await stepAlreadyUsed(context, client, factor.id, step)) throw invalidCode();
    // Two verifications racing on one challenge: only the first gets a session.
    const { rowCount } = await client.query(
      `update auth.mfa_challenges set verified_at = now(), otp_code = $2
        where id = $1 and verified_at is null`,
      [challenge.id, `${usedStepPrefix}${step}`],
    );
    if (!rowCount) throw addressMismatch();
    await client.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now()
        where id = $1 and status <> 'verified'`,
      [factor.id],
    );
    const refreshToken = await upgradeSession(client, user.id, sessionId, factor.id);
    // As GoTrue: the user's other aal1 sessions end, and so do their other unfinished enrolments.
    await client.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [user.id]);
    await client.query(
      `delete from auth.mfa_factors
        where user_id = $1 and status = 'unverified' and factor_type = $2`,
      [user.id, factor.factor_type],
    );
    const current = (await findUserById(client, user.id)) ?? user;
    return sessionResponse(context, client, current, sessionId, refreshToken);
  });
  return { status: 200, body: session };
}

const invalidCode = () => authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');

/**
 * Whether a code of this time step, or a later one, already verified this factor: RFC 6238 section
 * 5.2 has a verifier accept a one-time password once, so a code read over someone's shoulder or
 * from a phishing page's log cannot be played again within its 90 seconds.
 */
async function stepAlreadyUsed(
  context: AuthContext,
  db: Db,
  factorId: string,
  step: number,
): Promise<boolean> {
  if (context.settings.mfa.allowTotpCodeReuse) return false;
  const { rows } = await db.query<{ used: boolean }>(
    `select exists (
       select 1 from auth.mfa_challenges
        where factor_id = $1 and verified_at is not null
          and case when otp_code ~ '^totp-step:[0-9]{1,15}$'
                then substr(otp_code, length('totp-step:') + 1)::bigint end >= $2
     ) as used`,
    [factorId, step],
  );
  return rows[0]?.used ?? false;
}

const addressMismatch = () =>
  authError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');

/**
 * Records the TOTP sign-in on the session (aal2, the factor) and swaps its refresh token, so the
 * aal1 token the client held before cannot be the one that carries the session on.
 */
async function upgradeSession(
  db: Db,
  userId: string,
  sessionId: string,
  factorId: string,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'select id from auth.sessions where id = $1 and user_id = $2 for update',
    [sessionId, userId],
  );
  if (!rows[0]) {
    throw authError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
  }
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), 'totp')
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey
     do update set updated_at = now()`,
    [crypto.randomUUID(), sessionId],
  );
  const { rows: latest } = await db.query<{ token: string }>(
    `select token from auth.refresh_tokens where session_id = $1 order by id desc limit 1`,
    [sessionId],
  );
  await db.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where session_id = $1 and revoked = false`,
    [sessionId],
  );
  const refreshToken = await insertRefreshToken(db, userId, sessionId, latest[0]?.token ?? null);
  await db.query(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
    [sessionId, factorId],
  );
  return refreshToken;
}
