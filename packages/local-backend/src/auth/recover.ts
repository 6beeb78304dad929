import type { ApiRequest, ApiResponse } from '../http/types';
import { inTransaction, type AuthContext } from './context';
import { sendEmailLink } from './email-links';
import { authError, validationFailed } from './errors';
import { beforeUserCreatedHook } from './hooks';
import { codeChallengeFrom } from './pkce';
import { allowedRedirect } from './redirects';
import { jsonBody, normalizeEmail, optionalObject, optionalString } from './request';
import { findUserByEmail, insertUser } from './users';

/**
 * POST /recover (resetPasswordForEmail): e-mails a recovery link when the address has an account.
 * Answers 200 {} either way, so it does not reveal which addresses exist. GoTrue counts only the
 * e-mails it sends against email_sent, so while that limit is reached a known address gets 429 and
 * an unknown one 200; here an unknown address's request counts too, and both get 429.
 */
export async function recover(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  requireEmailProvider(context);
  const body = jsonBody(request);
  const rawEmail = optionalString(body, 'email');
  if (!rawEmail) throw validationFailed('Password recovery requires an email');
  const email = normalizeEmail(rawEmail);
  const challenge = codeChallengeFrom(body.code_challenge, body.code_challenge_method);
  const redirectTo = allowedRedirect(request.url.searchParams.get('redirect_to'), context.settings);
  const user = await findUserByEmail(context.pool, email);
  if (user) await sendEmailLink(context, user, { type: 'recovery', redirectTo, challenge });
  else context.limits.checkEmailSend();
  return { status: 200, body: {} };
}

/**
 * POST /otp with an e-mail (signInWithOtp): a magic link and code, creating the account first when
 * `create_user` allows it.
 */
export async function sendOtp(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const body = jsonBody(request);
  if (optionalString(body, 'phone')) {
    throw authError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  }
  requireEmailProvider(context);
  const rawEmail = optionalString(body, 'email');
  if (!rawEmail) throw validationFailed('An email address is required');
  const email = normalizeEmail(rawEmail);
  context.limits.check('sign_in_sign_ups', request);
  const challenge = codeChallengeFrom(body.code_challenge, body.code_challenge_method);
  const redirectTo = allowedRedirect(request.url.searchParams.get('redirect_to'), context.settings);
  const data = optionalObject(body, 'data') ?? {};

  let user = await findUserByEmail(context.pool, email);
  if (!user) {
    if (body.create_user === false) {
      throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
    }
    if (!context.settings.enableSignup) {
      throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    await beforeUserCreatedHook(context, request, { email, provider: 'email', userMetadata: data });
    user = await inTransaction(context.pool, (client) =>
      insertUser(client, {
        email,
        passwordHash: null,
        confirmed: false,
        provider: 'email',
        identityData: { ...data, email, email_verified: false, phone_verified: false },
        userMetadata: data,
      }),
    );
  }
  await sendEmailLink(context, user, { type: 'magiclink', redirectTo, challenge });
  return { status: 200, body: {} };
}

/** POST /resend {type: 'signup', email}: the confirmation e-mail again, for an unconfirmed account. */
export async function resend(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const body = jsonBody(request);
  const type = optionalString(body, 'type');
  if (type !== 'signup') {
    throw validationFailed(
      `Only type 'signup' can be resent (phone and e-mail changes are not supported)`,
    );
  }
  const rawEmail = optionalString(body, 'email');
  if (!rawEmail) throw validationFailed('An email address is required');
  const email = normalizeEmail(rawEmail);
  const challenge = codeChallengeFrom(body.code_challenge, body.code_challenge_method);
  const redirectTo = allowedRedirect(request.url.searchParams.get('redirect_to'), context.settings);
  const user = await findUserByEmail(context.pool, email);
  if (user && !user.email_confirmed_at) {
    await sendEmailLink(context, user, { type: 'signup', redirectTo, challenge });
  } else {
    // As in recover: whether an e-mail went out must not show in the answer.
    context.limits.checkEmailSend();
  }
  return { status: 200, body: {} };
}

/** GoTrue's check before every e-mail flow (recover, magic link and code): the provider is on. */
function requireEmailProvider(context: AuthContext): void {
  if (!context.settings.emailEnabled) {
    throw authError(400, 'email_provider_disabled', 'Email logins are disabled');
  }
}
