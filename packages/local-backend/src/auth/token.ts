import type { ApiRequest, ApiResponse } from '../http/types';
import type { AuthContext } from './context';
import { authError, invalidCredentials, notImplemented, validationFailed } from './errors';
import { passwordMatches, passwordWeakness } from './passwords';
import { exchangeCode } from './pkce';
import { jsonBody, normalizeEmail, optionalString } from './request';
import { refreshSession, startSession } from './sessions';
import { findUserByEmail, UnreadableUserError } from './users';

/** POST /token?grant_type=password|refresh_token|pkce, each in its turn (AuthContext.grants). */
export function token(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  return context.grants(() => grant(context, request));
}

async function grant(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const grantType = request.url.searchParams.get('grant_type');
  const body = jsonBody(request);
  switch (grantType) {
    case 'password':
      return { status: 200, body: await passwordGrant(context, request, body) };
    case 'refresh_token': {
      context.limits.check('token_refresh', request);
      const refreshToken = optionalString(body, 'refresh_token');
      if (!refreshToken) throw validationFailed('refresh_token required');
      return { status: 200, body: await refreshSession(context, refreshToken) };
    }
    case 'pkce': {
      context.limits.check('sign_in_sign_ups', request);
      const session = await exchangeCode(
        context,
        request,
        optionalString(body, 'auth_code'),
        optionalString(body, 'code_verifier'),
      );
      return { status: 200, body: session };
    }
    case 'web3':
      throw notImplemented('Web3 wallet sign-in (grant_type=web3)');
    case 'id_token':
      throw notImplemented('Sign-in with an ID token (grant_type=id_token)');
    default:
      throw validationFailed(`unsupported_grant_type: ${grantType ?? '(none)'}`);
  }
}

async function passwordGrant(
  context: AuthContext,
  request: ApiRequest,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const rawEmail = optionalString(body, 'email');
  const password = optionalString(body, 'password') ?? '';
  if (!rawEmail) {
    if (optionalString(body, 'phone')) {
      throw authError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    }
    throw validationFailed('missing email or phone');
  }
  if (!context.settings.emailEnabled) {
    throw authError(422, 'email_provider_disabled', 'Email logins are disabled');
  }
  const email = normalizeEmail(rawEmail);
  context.limits.check('sign_in_sign_ups', request);

  const user = await findUserByEmail(context.pool, email).catch((error: unknown) => {
    if (error instanceof UnreadableUserError) error.answer = 'Database error querying schema';
    throw error;
  });
  const matches = await passwordMatches(password, user?.encrypted_password);
  if (!user || !matches) throw invalidCredentials();
  if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
  if (user.banned_until && user.banned_until > new Date()) {
    throw authError(400, 'user_banned', 'User is banned');
  }
  // One statement, atomic without a transaction around it (and so no begin and commit).
  const session = await startSession(context, context.pool, user, 'password', request);
  // A password that was fine when set but fails today's policy is flagged, not refused.
  const weakness = passwordWeakness(password, context.settings);
  return weakness ? { ...session, weak_password: weakness } : session;
}
