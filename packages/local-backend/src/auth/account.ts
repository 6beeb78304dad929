import type { ApiRequest, ApiResponse } from '../http/types';
import { inTransaction, type AuthContext } from './context';
import { authError, validationFailed } from './errors';
import { assertAcceptablePassword, hashPassword, passwordMatches } from './passwords';
import { jsonBody, normalizeEmail, optionalObject, optionalString } from './request';
import { endSessions, type LogoutScope } from './sessions';
import { authenticate } from './tokens';
import { findUserById, mergeMetadata, userJson } from './users';

/** GET /user: the signed-in user. */
export async function getUser(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  const { user } = await authenticate(context, request);
  return { status: 200, body: await userJson(context.pool, user) };
}

/**
 * PUT /user (updateUser): merges `data` into user_metadata and changes the password; a new password
 * signs the user out everywhere else. Changing the e-mail address or phone is not supported.
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
  if (email && normalizeEmail(email) !== (user.email ?? '').toLowerCase()) {
    throw authError(
      422,
      'validation_failed',
      'Changing the email address is not supported by the local backend',
    );
  }
  if (phone && phone !== (user.phone ?? '')) {
    throw authError(
      422,
      'validation_failed',
      'Changing the phone number is not supported by the local backend',
    );
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
    return (await findUserById(client, user.id)) ?? current;
  });
  return { status: 200, body: await userJson(context.pool, updated) };
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
