import type { ApiRequest, ApiResponse } from '../http/types';
import { inTransaction, type AuthContext, type Db } from './context';
import { authError, validationFailed } from './errors';
import { assertAcceptablePassword, hashPassword, passwordMatches } from './passwords';
import { jsonBody, normalizeEmail, optionalObject, optionalString } from './request';
import { endSessions, type LogoutScope } from './sessions';
import { authenticate } from './tokens';
import { sendEmailChange, setEmailIdentity } from './email-links';
import { consumeNonce } from './reauthenticate';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  mergeMetadata,
  syncProviders,
  userJson,
  type UserRow,
} from './users';

/** GET /user: the signed-in user. */
export async function getUser(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const { user } = await authenticate(context, request);
  return { status: 200, body: await userJson(context.pool, user) };
}

/**
 * PUT /user (updateUser): merges `data` into user_metadata and changes the password; a new password
 * signs the user out everywhere else, and with secure_password_change a session older than a day
 * must bring the `nonce` of GET /reauthenticate. An anonymous user may add an e-mail address; other
 * changes of address or phone are not supported.
 */
export async function updateUser(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const { user, sessionId } = await authenticate(context, request);
  const body = jsonBody(request);
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw authError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  const data = optionalObject(body, 'data');
  const password = optionalString(body, 'password');
  const email = optionalString(body, 'email');
  const phone = optionalString(body, 'phone');
  if (user.is_anonymous && password && !email && !phone) {
    throw authError(
      422,
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  const newEmail =
    email && normalizeEmail(email) !== (user.email ?? '').toLowerCase()
      ? normalizeEmail(email)
      : undefined;
  if (newEmail && !user.is_anonymous) {
    throw authError(
      422,
      'validation_failed',
      'Changing the email address is not supported by the local backend',
    );
  }
  if (newEmail && (await findUserByEmail(context.pool, newEmail))) {
    throw authError(
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  }
  if (phone && phone !== (user.phone ?? '')) {
    throw authError(
      422,
      'validation_failed',
      'Changing the phone number is not supported by the local backend',
    );
  }
  const nonce = optionalString(body, 'nonce');
  if (password !== undefined && context.settings.securePasswordChange) {
    if (!(await signedInWithinADay(context, sessionId))) {
      if (!nonce) {
        throw authError(
          400,
          'reauthentication_needed',
          'Password update requires reauthentication',
        );
      }
      await inTransaction(context.pool, (client) => consumeNonce(client, user, nonce));
    }
  }
  let passwordHash: string | undefined;
  if (password) {
    assertAcceptablePassword(password, context.settings);
    if (await passwordMatches(password, user.encrypted_password)) {
      throw authError(
        422,
        'same_password',
        'New password should be different from the old password.',
      );
    }
    passwordHash = await hashPassword(password);
  }

  const updated = await inTransaction(context.pool, async (client) => {
    const current = await findUserById(client, user.id, { lock: true });
    if (!current)
      throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (data) {
      await client.query(
        'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1',
        [user.id, mergeMetadata(current.raw_user_meta_data, data)],
      );
    }
    if (passwordHash) {
      await client.query(
        'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
        [user.id, passwordHash],
      );
      await endSessions(client, user.id, sessionId, sessionId ? 'others' : 'global');
    }
    if (newEmail) await addAnonymousUsersEmail(context, client, current, newEmail, request);
    return (await findUserById(client, user.id)) ?? current;
  });
  return { status: 200, body: await userJson(context.pool, updated) };
}

/** Whether the request's session began less than a day ago (no reauthentication needed then). */
async function signedInWithinADay(
  context: AuthContext,
  sessionId: string | undefined,
): Promise<boolean> {
  if (!sessionId) return false;
  const { rowCount } = await context.pool.query(
    "select 1 from auth.sessions where id = $1 and created_at + interval '24 hours' > now()",
    [sessionId],
  );
  return !!rowCount;
}

/**
 * An anonymous user adding an e-mail address: with confirmations off it becomes the user's address
 * at once (the user is no longer anonymous); with them on, a confirmation link goes to the address
 * and the change happens when it is followed.
 */
async function addAnonymousUsersEmail(
  context: AuthContext,
  db: Db,
  user: UserRow,
  email: string,
  request: ApiRequest,
): Promise<void> {
  if (!context.settings.enableConfirmations) {
    await db.query(
      `update auth.users
          set email = $2, is_anonymous = false, email_change = '', updated_at = now()
        where id = $1`,
      [user.id, email],
    );
    await setEmailIdentity(db, user.id, true);
    await confirmEmail(db, user.id);
    await syncProviders(db, user.id);
    return;
  }
  await db.query(
    `update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`,
    [user.id, email],
  );
  await sendEmailChange(context, db, user.id, email, request);
}

const logoutScopes = new Set<string>(['global', 'local', 'others']);

/** POST /logout?scope=global|local|others -> 204. */
export async function logout(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const scope = request.url.searchParams.get('scope') ?? 'global';
  if (!logoutScopes.has(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  const { user, sessionId } = await authenticate(context, request);
  await endSessions(context.pool, user.id, sessionId, scope as LogoutScope);
  return { status: 204, raw: '' };
}
