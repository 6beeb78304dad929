import { randomBytes } from 'node:crypto';
import type { ApiRequest, ApiResponse } from '../http/types';
import { requireAdmin } from './admin-access';
import { inTransaction, type AuthContext } from './context';
import { sendEmailLink, storeEmailToken, verifyLink, type TokenKind } from './email-links';
import { authError, validationFailed } from './errors';
import { beforeUserCreatedHook } from './hooks';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { allowedRedirect } from './redirects';
import { jsonBody, normalizeEmail, optionalObject, optionalString, type Fields } from './request';
import { emailTokenHash, randomOtp } from './tokens';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  mergeMetadata,
  UnreadableUserError,
  userJson,
  type UserRow,
} from './users';

const duplicateEmail = () =>
  authError(422, 'email_exists', 'A user with this email address has already been registered');

/** GoTrue's answer when the project's auth.users triggers refuse a new user. */
const savingFailed = () => authError(500, 'unexpected_failure', 'Database error saving new user');

/** GoTrue's validateEmail: required, at most 255 characters, well formed; lowercased. */
function requiredEmail(fields: Fields, name = 'email'): string {
  const value = optionalString(fields, name);
  if (!value) throw validationFailed('An email address is required');
  return normalizeEmail(value);
}

/** Where links send the browser: an allowed redirect_to (query, as auth-js sends it, or body). */
function redirectFor(context: AuthContext, request: ApiRequest, fields: Fields): string {
  const requested =
    request.url.searchParams.get('redirect_to') ?? optionalString(fields, 'redirect_to');
  return allowedRedirect(requested, context.settings);
}

/** A user the admin API invites or signs up: created in its own transaction, triggers and all. */
async function createInvitee(
  context: AuthContext,
  request: ApiRequest,
  email: string,
  passwordHash: string | null,
  data: Fields,
): Promise<UserRow> {
  await beforeUserCreatedHook(context, request, { email, provider: 'email', userMetadata: data });
  try {
    return await inTransaction(context.pool, (client) =>
      insertUser(client, {
        email,
        passwordHash,
        confirmed: false,
        provider: 'email',
        identityData: { email, email_verified: false, phone_verified: false },
        userMetadata: data,
        userMetadataOnly: true,
      }),
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw duplicateEmail();
    context.log.error('admin: saving the new user failed', error);
    throw savingFailed();
  }
}

/** POST /invite (auth.admin.inviteUserByEmail): creates the user if needed and mails the invite. */
export async function invite(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const fields = jsonBody(request);
  const email = requiredEmail(fields);
  const redirectTo = redirectFor(context, request, fields);
  let user = await findUserByEmail(context.pool, email);
  if (user?.email_confirmed_at) throw duplicateEmail();
  user ??= await createInvitee(context, request, email, null, optionalObject(fields, 'data') ?? {});
  await sendEmailLink(context, user, { type: 'invite', redirectTo });
  const invited = (await findUserById(context.pool, user.id)) ?? user;
  return { status: 200, body: await userJson(context.pool, invited) };
}

const linkTypes = new Set([
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
]);

/**
 * POST /admin/generate_link: the link and code an e-mail would carry, without sending one. The
 * link verifies through /verify like a mailed one.
 */
export async function generateLink(
  context: AuthContext,
  request: ApiRequest,
): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const fields = jsonBody(request);
  const email = requiredEmail(fields);
  const redirectTo = redirectFor(context, request, fields);
  let type = optionalString(fields, 'type') ?? '';
  const data = optionalObject(fields, 'data') ?? {};
  let password = optionalString(fields, 'password') ?? '';

  let user = await findUserByEmail(context.pool, email).catch((error: unknown) => {
    if (error instanceof UnreadableUserError) error.answer = 'Database error finding user';
    throw error;
  });
  if (!user) {
    if (type === 'magiclink') {
      // A magic link for an unknown address signs the address up, as GoTrue's does.
      type = 'signup';
      password = randomBytes(48).toString('base64url');
    } else if (type === 'recovery' || type.startsWith('email_change_')) {
      throw authError(404, 'user_not_found', 'User with this email not found');
    }
  }
  if (!linkTypes.has(type)) {
    throw validationFailed(`Invalid email action link type requested: ${type}`);
  }

  if (!user && type === 'signup') {
    if (!password) throw validationFailed('Signup requires a valid password');
    assertAcceptablePassword(password, context.settings);
    user = await createInvitee(context, request, email, await hashPassword(password), data);
  } else if (!user && type === 'invite') {
    user = await createInvitee(context, request, email, null, data);
  } else if (user && (type === 'signup' || type === 'invite')) {
    if (user.email_confirmed_at) throw duplicateEmail();
    if (type === 'signup') {
      await context.pool.query(
        'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1',
        [user.id, mergeMetadata(user.raw_user_meta_data, data)],
      );
    }
  }
  if (!user) throw new Error('generate_link: no user to link');

  const otp = randomOtp();
  let hashedToken = emailTokenHash(email, otp);
  let linkType = type;
  const target = user;
  if (type === 'email_change_current' || type === 'email_change_new') {
    if (type === 'email_change_current' && !context.settings.doubleConfirmEmailChanges) {
      throw validationFailed('Enable secure email change to generate link for current email');
    }
    const newEmail = requiredEmail(fields, 'new_email');
    const taken = await findUserByEmail(context.pool, newEmail);
    if (taken && taken.id !== target.id) throw duplicateEmail();
    const kind: TokenKind =
      type === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current';
    if (kind === 'email_change_token_new') hashedToken = emailTokenHash(newEmail, otp);
    await inTransaction(context.pool, async (client) => {
      await client.query(
        `update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`,
        [target.id, newEmail],
      );
      await storeEmailToken(
        client,
        target.id,
        kind,
        hashedToken,
        kind === 'email_change_token_new' ? newEmail : email,
      );
    });
    linkType = 'email_change';
  } else {
    const kind: TokenKind =
      type === 'magiclink' || type === 'recovery' ? 'recovery_token' : 'confirmation_token';
    await inTransaction(context.pool, async (client) => {
      await storeEmailToken(client, target.id, kind, hashedToken, email);
      if (type === 'invite') {
        await client.query('update auth.users set invited_at = now() where id = $1', [target.id]);
      }
    });
  }

  const linked = (await findUserById(context.pool, target.id)) ?? target;
  return {
    status: 200,
    body: {
      ...(await userJson(context.pool, linked)),
      action_link: verifyLink(context, hashedToken, linkType, redirectTo),
      email_otp: otp,
      hashed_token: hashedToken,
      verification_type: type,
      redirect_to: redirectTo,
    },
  };
}
