import type { ApiRequest, ApiResponse } from '../http/types';
import { HttpError } from '../http/types';
import { inTransaction, type AuthContext } from './context';
import { consumeEmailToken, isVerifiableType } from './email-links';
import { validationFailed } from './errors';
import { issuePendingFlowCode } from './pkce';
import { allowedRedirect, errorFragment, withFragment, withQuery } from './redirects';
import { jsonBody, normalizeEmail, optionalString } from './request';
import { startSession } from './sessions';
import { emailTokenHash } from './tokens';

const pkcePrefix = 'pkce_';

const singleConfirmationAccepted =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/**
 * GET /verify: the link in an e-mail. Always a 303: to redirect_to with the session in the fragment
 * (implicit flow) or `?code=` (PKCE), or with the error in the fragment.
 */
export async function verifyLink(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  context.limits.check('token_verifications', request);
  const query = request.url.searchParams;
  const redirectTo = allowedRedirect(query.get('redirect_to'), context.settings);
  const type = query.get('type') ?? '';
  const token = query.get('token') ?? '';
  const seeOther = (location: string): ApiResponse => ({
    status: 303,
    headers: { Location: location },
    raw: '',
  });
  if (!isVerifiableType(type)) {
    return seeOther(
      errorFragment(
        redirectTo,
        'invalid_request',
        'validation_failed',
        'Unsupported verification type',
      ),
    );
  }
  const isPkce = token.startsWith(pkcePrefix);
  const tokenHash = isPkce ? token.slice(pkcePrefix.length) : token;
  try {
    const location = await inTransaction(context.pool, async (client) => {
      const verified = await consumeEmailToken(client, type, tokenHash);
      if (verified.awaitingOtherAddress) {
        return withFragment(redirectTo, [['message', singleConfirmationAccepted]]);
      }
      const code = isPkce
        ? await issuePendingFlowCode(client, verified.user.id, verified.method)
        : undefined;
      if (code) return withQuery(redirectTo, [['code', code]]);
      const session = await startSession(context, client, verified.user, verified.method, request);
      return withFragment(redirectTo, [
        ['access_token', session.access_token],
        ['expires_at', String(session.expires_at)],
        ['expires_in', String(session.expires_in)],
        ['refresh_token', session.refresh_token],
        ['sb', ''],
        ['token_type', 'bearer'],
        ['type', type],
      ]);
    });
    return seeOther(location);
  } catch (error) {
    if (!(error instanceof HttpError) || error.body.code !== 'otp_expired') throw error;
    return seeOther(
      errorFragment(
        redirectTo,
        'access_denied',
        'otp_expired',
        'Email link is invalid or has expired',
      ),
    );
  }
}

/** POST /verify (verifyOtp): `{type, token_hash}` or `{type, email, token}` -> a session. */
export async function verifyOtp(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  context.limits.check('token_verifications', request);
  const body = jsonBody(request);
  const type = optionalString(body, 'type');
  const tokenHash = optionalString(body, 'token_hash');
  const token = optionalString(body, 'token');
  const email = optionalString(body, 'email');
  if (!type) throw validationFailed('Verify requires a verification type');
  if (optionalString(body, 'phone')) {
    throw validationFailed('Verification by phone is not supported: phone logins are disabled');
  }
  if (!isVerifiableType(type)) throw validationFailed(`Unsupported verification type: ${type}`);
  let hash: string;
  let address: string | undefined;
  if (tokenHash) {
    if (token || email) throw validationFailed('Only the token_hash and type should be provided');
    hash = tokenHash.startsWith(pkcePrefix) ? tokenHash.slice(pkcePrefix.length) : tokenHash;
  } else if (token && email) {
    address = normalizeEmail(email);
    hash = emailTokenHash(address, token.trim());
  } else {
    throw validationFailed('Verify requires either a token or a token hash');
  }
  const session = await inTransaction(context.pool, async (client) => {
    const verified = await consumeEmailToken(client, type, hash, address);
    if (verified.awaitingOtherAddress) return undefined;
    return startSession(context, client, verified.user, verified.method, request);
  });
  if (!session) return { status: 200, body: { msg: singleConfirmationAccepted, code: '200' } };
  return { status: 200, body: session };
}
