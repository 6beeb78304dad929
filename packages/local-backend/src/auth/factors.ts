import type { ApiRequest, ApiResponse } from '../http/types';
import type { AuthContext } from './context';
import { authError } from './errors';
import { jsonBody } from './request';
import { authenticate } from './tokens';

/** POST /factors: MFA enrolment is off, as in the CLI's default config. */
export async function enrollFactor(
  context: AuthContext,
  request: ApiRequest,
): Promise<ApiResponse> {
  await authenticate(context, request);
  const factorType = jsonBody(request).factor_type;
  if (factorType === 'phone') {
    throw authError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  }
  if (factorType === 'webauthn') {
    throw authError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  throw authError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
}

/** /factors/{id}, /factors/{id}/challenge, /factors/{id}/verify: no factor can be enrolled. */
export async function useFactor(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const { user } = await authenticate(context, request);
  const factorId = request.path.split('/')[2] ?? '';
  const { rowCount } = await context.pool.query(
    'select 1 from auth.mfa_factors where id::text = $1 and user_id = $2',
    [factorId, user.id],
  );
  if (!rowCount) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
  throw authError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
}
