import type { ApiRequest, ApiResponse } from '../http/types';
import { inTransaction, type AuthContext } from './context';
import { sendEmailLink } from './email-links';
import { authError, validationFailed } from './errors';
import { beforeUserCreatedHook } from './hooks';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { codeChallengeFrom } from './pkce';
import { allowedRedirect } from './redirects';
import { jsonBody, normalizeEmail, optionalObject, optionalString } from './request';
import { startSession } from './sessions';
import { findUserByEmail, insertAnonymousUser, insertUser, userJson } from './users';

const uniqueViolation = '23505';

/**
 * POST /signup with e-mail and password. With confirmations off (the CLI default) the account is
 * confirmed at once and the answer is a session; otherwise a confirmation e-mail goes out and the
 * answer is the bare user.
 */
export async function signup(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const { settings } = context;
  const body = jsonBody(request);
  const rawEmail = optionalString(body, 'email');
  const password = optionalString(body, 'password');
  const data = optionalObject(body, 'data') ?? {};
  if (!rawEmail && !optionalString(body, 'phone')) {
    return signUpAnonymously(context, request, data);
  }
  if (!settings.enableSignup) throw signupDisabled();
  if (!rawEmail) throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!settings.emailEnabled) {
    throw authError(400, 'email_provider_disabled', 'Email signups are disabled');
  }
  const email = normalizeEmail(rawEmail);
  if (!password) throw validationFailed('Signup requires a valid password');
  context.limits.check('sign_in_sign_ups', request);
  assertAcceptablePassword(password, settings);
  const challenge = codeChallengeFrom(body.code_challenge, body.code_challenge_method);
  const redirectTo = allowedRedirect(request.url.searchParams.get('redirect_to'), settings);
  const autoconfirm = !settings.enableConfirmations;

  const existing = await findUserByEmail(context.pool, email);
  if (existing) {
    if (autoconfirm) throw userAlreadyExists();
    if (!existing.email_confirmed_at) {
      await sendEmailLink(context, existing, { type: 'signup', redirectTo, challenge });
      return { status: 200, body: await userJson(context.pool, existing) };
    }
    return { status: 200, body: obfuscatedUser(email, data) };
  }

  await beforeUserCreatedHook(context, request, { email, provider: 'email', userMetadata: data });
  const passwordHash = await hashPassword(password);
  try {
    const result = await inTransaction(context.pool, async (client) => {
      const user = await insertUser(client, {
        email,
        passwordHash,
        confirmed: autoconfirm,
        provider: 'email',
        identityData: { ...data, email, email_verified: autoconfirm, phone_verified: false },
        userMetadata: data,
      });
      if (!autoconfirm) return { user };
      return { session: await startSession(context, client, user, 'password', request) };
    });
    if (result.session) return { status: 200, body: result.session };
    await sendEmailLink(context, result.user, { type: 'signup', redirectTo, challenge });
    const sent = await findUserByEmail(context.pool, email);
    return { status: 200, body: await userJson(context.pool, sent ?? result.user) };
  } catch (error) {
    if ((error as { code?: string }).code === uniqueViolation) throw userAlreadyExists();
    if (isDatabaseError(error)) {
      // Usually an `after insert on auth.users` trigger of the project failing.
      context.log.error('signup: saving the new user failed', error);
      throw authError(500, 'unexpected_failure', 'Database error saving new user');
    }
    throw error;
  }
}

const signupDisabled = () =>
  authError(422, 'signup_disabled', 'Signups not allowed for this instance');

/**
 * POST /signup with neither e-mail nor phone (signInAnonymously), when [auth]
 * enable_anonymous_sign_ins allows it: a user with no address and a session whose token says
 * `is_anonymous`.
 */
async function signUpAnonymously(
  context: AuthContext,
  request: ApiRequest,
  data: Record<string, unknown>,
): Promise<ApiResponse> {
  if (!context.settings.enableAnonymousSignIns) {
    throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  context.limits.checkAnonymousSignIn(request, context.settings.anonymousSignInsPerHour);
  if (!context.settings.enableSignup) throw signupDisabled();
  await beforeUserCreatedHook(context, request, {
    email: null,
    provider: 'anonymous',
    userMetadata: data,
    isAnonymous: true,
  });
  try {
    const session = await inTransaction(context.pool, async (client) => {
      const user = await insertAnonymousUser(client, data);
      return startSession(context, client, user, 'anonymous', request);
    });
    return { status: 200, body: session };
  } catch (error) {
    if (!isDatabaseError(error)) throw error;
    context.log.error('signup: saving the anonymous user failed', error);
    throw authError(500, 'unexpected_failure', 'Database error creating anonymous user');
  }
}

function userAlreadyExists() {
  return authError(422, 'user_already_exists', 'User already registered');
}

function isDatabaseError(error: unknown): boolean {
  return typeof (error as { severity?: unknown }).severity === 'string';
}

/**
 * With confirmations on, signing up with a confirmed address answers a look-alike user (random id,
 * no identities, empty role) so the response does not reveal that the address has an account.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
