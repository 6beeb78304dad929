import type { ApiRequest, ApiResponse } from '../http/types';
import { inTransaction, type AuthContext, type Db } from './context';
import { authError, validationFailed } from './errors';
import { qrCodeSvg } from './qr-code';
import { jsonBody, optionalString } from './request';
import { authenticate, type Authenticated } from './tokens';
import { newTotpSecret, totpUri } from './totp';
import { findUserById, isUuid } from './users';

/** GoTrue's own cap on verified factors (no config.toml key). */
const maxVerifiedFactors = 10;

export interface FactorWithSecret {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'unverified' | 'verified';
  secret: string | null;
}

/** The signed-in, non-anonymous caller: what every /factors endpoint requires first. */
export async function authenticateForMfa(
  context: AuthContext,
  request: ApiRequest,
): Promise<Authenticated> {
  const authenticated = await authenticate(context, request);
  if (authenticated.claims.is_anonymous === true) {
    throw authError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
  }
  return authenticated;
}

/** The parameter of /factors/{factor_id}[/...]. */
export interface FactorPath {
  factorId: string;
}

/** /factors/{id}...: the caller and their factor named in the path (404 for anyone else's). */
export async function loadFactor(
  context: AuthContext,
  request: ApiRequest,
  factorId: string,
): Promise<Authenticated & { factor: FactorWithSecret }> {
  const authenticated = await authenticateForMfa(context, request);
  if (!isUuid(factorId)) throw authError(404, 'validation_failed', 'factor_id must be an UUID');
  const { rows } = await context.pool.query<FactorWithSecret>(
    `select id, user_id, friendly_name, factor_type, status, secret
       from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, authenticated.user.id],
  );
  const factor = rows[0];
  if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
  return { ...authenticated, factor };
}

/** The level the session row records (GoTrue decides enrol and unenrol rights on it). */
export async function sessionAal(db: Db, sessionId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ aal: string | null }>(
    'select aal from auth.sessions where id = $1',
    [sessionId],
  );
  return rows[0]?.aal ?? undefined;
}

/** POST /factors { factor_type, friendly_name?, issuer? }: a new unverified TOTP factor. */
export async function enrollFactor(
  context: AuthContext,
  request: ApiRequest,
): Promise<ApiResponse> {
  const { user, sessionId } = await authenticateForMfa(context, request);
  if (!sessionId) {
    throw authError(
      500,
      'unexpected_failure',
      'A valid session and a registered user are required to enroll a factor',
    );
  }
  const body = jsonBody(request);
  const factorType = optionalString(body, 'factor_type');
  const friendlyName = optionalString(body, 'friendly_name') ?? '';
  switch (factorType) {
    case 'totp':
      if (!context.settings.mfa.totpEnrollEnabled) {
        throw authError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
      }
      break;
    case 'phone':
      throw authError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    case 'webauthn':
      throw authError(
        422,
        'mfa_webauthn_enroll_not_enabled',
        'MFA enroll is disabled for WebAuthn',
      );
    default:
      throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  }
  // As GoTrue, the authenticator app shows the site's host unless the client names an issuer.
  const issuer = optionalString(body, 'issuer') || new URL(context.settings.siteUrl).host;
  if (!user.email) throw authError(500, 'unexpected_failure', 'Error generating QR Code');
  const secret = newTotpSecret();
  const uri = totpUri(issuer, user.email, secret);

  const factorId = await inTransaction(context.pool, async (client) => {
    // One enrolment at a time per user, so the limits below cannot be raced past.
    await findUserById(client, user.id, { lock: true });
    await assertMayEnroll(context, client, user.id, sessionId, friendlyName);
    const id = crypto.randomUUID();
    await client.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
         updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, user.id, friendlyName, secret],
    );
    return id;
  });
  return {
    status: 200,
    body: {
      id: factorId,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: qrCodeSvg(uri), secret, uri },
    },
  };
}

/** GoTrue's checks before an enrolment, after it drops abandoned enrolments. */
async function assertMayEnroll(
  context: AuthContext,
  db: Db,
  userId: string,
  sessionId: string,
  friendlyName: string,
): Promise<void> {
  const { mfa } = context.settings;
  // Abandoned: never verified, never challenged, older than the factor expiry (any user's).
  await db.query(
    `delete from auth.mfa_factors f
      where f.status <> 'verified'
        and not exists (select from auth.mfa_challenges c where c.factor_id = f.id)
        and f.created_at + make_interval(secs => $1) < now()`,
    [mfa.factorExpirySeconds],
  );
  const { rows: factors } = await db.query<{ friendly_name: string | null; status: string }>(
    'select friendly_name, status from auth.mfa_factors where user_id = $1',
    [userId],
  );
  // GoTrue compares names as stored, so a second factor without a name conflicts with the first.
  if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
    throw authError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
    );
  }
  const verified = factors.filter((factor) => factor.status === 'verified').length;
  if (factors.length >= mfa.maxEnrolledFactors || verified >= maxVerifiedFactors) {
    throw authError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && (await sessionAal(db, sessionId)) !== 'aal2') {
    throw authError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

/**
 * DELETE /factors/{id}: removes the factor. A verified one only from an aal2 session; sessions that
 * reached aal2 with it drop back to aal1.
 */
export async function unenrollFactor(
  context: AuthContext,
  request: ApiRequest,
  { factorId }: FactorPath,
): Promise<ApiResponse> {
  const { factor, sessionId, user } = await loadFactor(context, request, factorId);
  if (!sessionId) {
    throw authError(
      500,
      'unexpected_failure',
      'A valid session and factor are required to unenroll a factor',
    );
  }
  if (factor.status === 'verified' && (await sessionAal(context.pool, sessionId)) !== 'aal2') {
    throw authError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await inTransaction(context.pool, async (client) => {
    const { rowCount } = await client.query(
      'delete from auth.mfa_factors where id = $1 and user_id = $2',
      [factor.id, user.id],
    );
    if (!rowCount) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
    await client.query(
      `delete from auth.mfa_amr_claims
        where authentication_method = 'totp'
          and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await client.query(
      `update auth.sessions set aal = 'aal1', factor_id = null
        where user_id = $1 and factor_id = $2`,
      [user.id, factor.id],
    );
  });
  return { status: 200, body: { id: factor.id } };
}
