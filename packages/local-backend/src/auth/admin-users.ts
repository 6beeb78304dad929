import { createHash, randomBytes } from 'node:crypto';
import type { ApiRequest, ApiResponse } from '../http/types';
import { requestAudience, requireAdmin } from './admin-access';
import { inTransaction, type AuthContext, type Db } from './context';
import { setEmailIdentity } from './email-links';
import { authError, notImplemented, validationFailed } from './errors';
import { parseGoDuration } from './go-duration';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { jsonBody, normalizeEmail, optionalObject, optionalString, type Fields } from './request';
import { endSessions } from './sessions';
import {
  findUserByEmail,
  findUserById,
  INSTANCE_ID,
  insertUser,
  isUuid,
  mergeMetadata,
  UnreadableUserError,
  userJson,
  type UserRow,
} from './users';

const duplicateEmail = () =>
  authError(422, 'email_exists', 'A user with this email address has already been registered');

/** GET /admin/users?page=&per_page=: newest first, with GoTrue's Link and X-Total-Count headers. */
export async function listUsers(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const query = request.url.searchParams;
  const order = sortOrder(query.getAll('sort'));
  const page = pageNumber(query.get('page'), 1);
  const perPage = pageNumber(query.get('per_page'), 50);
  // Page and size below 1 fall back as GoTrue's pagination library does.
  const offsetPage = Math.max(page, 1);
  const limit = perPage < 1 ? 20 : perPage;
  const audience = requestAudience(request);
  const filter = query.get('filter') ?? '';
  const where = `instance_id = $1 and aud = $2 and ($3 = '' or email like '%' || $3 || '%'
    or raw_user_meta_data ->> 'full_name' ilike '%' || $3 || '%')`;
  const [{ rows: counted }, { rows: ids }] = await Promise.all([
    context.pool.query<{ total: number }>(
      `select count(*)::int as total from auth.users where ${where}`,
      [INSTANCE_ID, audience, filter],
    ),
    context.pool.query<{ id: string }>(
      `select id from auth.users where ${where} order by created_at ${order}, id ${order}
        limit $4 offset $5`,
      [INSTANCE_ID, audience, filter, limit, (offsetPage - 1) * limit],
    ),
  ]);
  const total = counted[0]?.total ?? 0;
  const users = await Promise.all(
    ids.map(async ({ id }) => {
      const user = await loadForAdmin(context.pool, id, 'Database error finding users');
      return user ? userJson(context.pool, user) : undefined;
    }),
  );
  return {
    status: 200,
    headers: paginationHeaders(request, page, perPage || limit, total),
    body: { users: users.filter(Boolean), aud: audience },
  };
}

function pageNumber(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) {
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`,
    );
  }
  return Number(value);
}

function sortOrder(values: string[]): 'asc' | 'desc' {
  let order: 'asc' | 'desc' = 'desc';
  for (const value of values) {
    const [field = '', direction] = value.split(' ', 2);
    if (field !== 'created_at') {
      throw validationFailed(`Bad Sort Parameters: bad field for sort '${field}'`);
    }
    if (direction === undefined) continue;
    const normalized = direction.toLowerCase();
    if (normalized !== 'asc' && normalized !== 'desc') {
      throw validationFailed(
        `Bad Sort Parameters: bad direction for sort '${direction}', only 'asc' and 'desc' allowed`,
      );
    }
    order = normalized;
  }
  return order;
}

/**
 * GoTrue's links name the request's own path and query with `page` changed (query keys sorted, so
 * `page` comes first, which auth-js's parser relies on).
 */
function paginationHeaders(
  request: ApiRequest,
  page: number,
  perPage: number,
  total: number,
): Record<string, string> {
  const totalPages = Math.ceil(total / perPage);
  const linkTo = (target: number) => {
    const query = new URLSearchParams(request.url.searchParams);
    query.set('page', String(target));
    query.sort();
    return `<${request.path}?${query.toString()}>`;
  };
  const links: string[] = [];
  if (totalPages > page) links.push(`${linkTo(page + 1)}; rel="next"`);
  links.push(`${linkTo(totalPages)}; rel="last"`);
  return { Link: links.join(', '), 'X-Total-Count': String(total) };
}

/** The parameter of /admin/users/{user_id}[/...]. */
export interface UserPath {
  userId: string;
}

/** The user a /admin/users/{user_id} path names, soft-deleted ones included; GoTrue's 404s. */
export async function loadPathUser(context: AuthContext, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw authError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await loadForAdmin(context.pool, id, 'Database error loading user');
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return user;
}

async function loadForAdmin(db: Db, id: string, answer: string): Promise<UserRow | undefined> {
  return findUserById(db, id, { includeDeleted: true }).catch((error: unknown) => {
    if (error instanceof UnreadableUserError) error.answer = answer;
    throw error;
  });
}

/** GET /admin/users/{id} */
export async function getUserById(
  context: AuthContext,
  request: ApiRequest,
  { userId }: UserPath,
): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const user = await loadPathUser(context, userId);
  return { status: 200, body: await userJson(context.pool, user) };
}

interface AdminUserParams {
  email?: string;
  password?: string;
  passwordHash?: string;
  role?: string;
  aud?: string;
  emailConfirm: boolean;
  userMetadata?: Fields;
  appMetadata?: Fields;
  /** Milliseconds from now; 0 lifts a ban. */
  banMs?: number;
}

function adminParams(request: ApiRequest): AdminUserParams & { fields: Fields } {
  const fields = jsonBody(request);
  if (optionalString(fields, 'phone')) {
    throw notImplemented('Phone numbers (the admin API’s phone and phone_confirm)');
  }
  const rawEmail = optionalString(fields, 'email');
  const banDuration = optionalString(fields, 'ban_duration');
  let banMs: number | undefined;
  if (banDuration) {
    try {
      banMs = banDuration === 'none' ? 0 : parseGoDuration(banDuration);
    } catch (error) {
      throw validationFailed(`invalid format for ban duration: ${(error as Error).message}`);
    }
  }
  return {
    fields,
    email: rawEmail ? normalizeEmail(rawEmail) : undefined,
    password: optionalString(fields, 'password'),
    passwordHash: optionalString(fields, 'password_hash'),
    role: optionalString(fields, 'role'),
    aud: optionalString(fields, 'aud'),
    emailConfirm: fields.email_confirm === true,
    userMetadata: optionalObject(fields, 'user_metadata'),
    appMetadata: optionalObject(fields, 'app_metadata'),
    banMs,
  };
}

/** Go's bcrypt refuses to hash more than 72 bytes; GoTrue passes its error on as a 400. */
function assertHashable(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > 72) {
    throw validationFailed('bcrypt: password length exceeds 72 bytes');
  }
}

/** POST /admin/users (auth.admin.createUser). */
export async function createUser(context: AuthContext, request: ApiRequest): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const params = adminParams(request);
  const audience = params.aud || requestAudience(request);
  if (!params.email) {
    throw validationFailed('Cannot create a user without either an email or phone');
  }
  if (await findUserByEmail(context.pool, params.email)) throw duplicateEmail();
  if (params.password !== undefined && params.passwordHash) {
    throw validationFailed('Only a password or a password hash should be provided');
  }
  let passwordHash: string;
  if (params.passwordHash) {
    if (!/^\$2[aby]?\$\d\d\$[./A-Za-z0-9]{53}$/.test(params.passwordHash)) {
      throw authError(500, 'unexpected_failure', 'Error creating user');
    }
    passwordHash = params.passwordHash;
  } else {
    // Without a password GoTrue sets a random one nobody knows.
    const password = params.password || randomBytes(48).toString('base64url');
    assertHashable(password);
    passwordHash = await hashPassword(password);
  }
  const id = optionalString(params.fields, 'id');
  if (id !== undefined && id !== '') {
    if (!isUuid(id)) throw validationFailed('ID must conform to the uuid v4 format');
    if (id === INSTANCE_ID) throw validationFailed('ID cannot be a nil uuid');
  }
  const email = params.email;

  try {
    const user = await inTransaction(context.pool, async (client) => {
      const created = await insertUser(client, {
        id: id || undefined,
        email,
        passwordHash,
        confirmed: false,
        provider: 'email',
        identityData: { email, email_verified: false, phone_verified: false },
        userMetadata: params.userMetadata ?? {},
        userMetadataOnly: true,
      });
      await client.query('update auth.users set aud = $2, role = $3 where id = $1', [
        created.id,
        audience,
        params.role || 'authenticated',
      ]);
      // user_metadata went in with the row, so triggers saw it.
      await applyAdminChanges(client, created.id, {
        ...params,
        email: undefined,
        userMetadata: undefined,
      });
      return findUserById(client, created.id);
    });
    if (!user) throw new Error('the created user could not be read back');
    return { status: 200, body: await userJson(context.pool, user) };
  } catch (error) {
    if (error instanceof UnreadableUserError) throw error;
    if ((error as { code?: string }).code === '23505') throw duplicateEmail();
    context.log.error('admin: creating a user failed', error);
    throw authError(500, 'unexpected_failure', 'Database error creating new user');
  }
}

/** PUT /admin/users/{id} (auth.admin.updateUserById). */
export async function updateUserById(
  context: AuthContext,
  request: ApiRequest,
  { userId }: UserPath,
): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const user = await loadPathUser(context, userId);
  const params = adminParams(request);
  let newPasswordHash: string | undefined;
  if (params.password !== undefined) {
    assertAcceptablePassword(params.password, context.settings);
    newPasswordHash = await hashPassword(params.password);
  }
  try {
    await inTransaction(context.pool, (client) =>
      applyAdminChanges(client, user.id, { ...params, newPasswordHash }),
    );
  } catch (error) {
    context.log.error('admin: updating a user failed', error);
    throw authError(500, 'unexpected_failure', 'Error updating user');
  }
  const updated = await loadPathUser(context, userId);
  return { status: 200, body: await userJson(context.pool, updated) };
}

/** The admin API's changes, in GoTrue's order: role, confirmation, password, e-mail, metadata, ban. */
async function applyAdminChanges(
  db: Db,
  userId: string,
  params: AdminUserParams & { newPasswordHash?: string },
): Promise<void> {
  if (params.role) {
    await db.query('update auth.users set role = $2, updated_at = now() where id = $1', [
      userId,
      params.role,
    ]);
  }
  if (params.emailConfirm) {
    await db.query(
      `update auth.users
          set email_confirmed_at = now(), confirmation_token = '',
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
                || '{"email_verified": true}'::jsonb,
              updated_at = now()
        where id = $1`,
      [userId],
    );
    await db.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
  }
  if (params.newPasswordHash) {
    // A password set for the user voids the links and codes out there and every session.
    await db.query(
      `update auth.users
          set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
              recovery_token = '', recovery_sent_at = null, email_change_token_current = '',
              email_change_token_new = '', email_change_sent_at = null,
              reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
        where id = $1`,
      [userId, params.newPasswordHash],
    );
    await db.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
    await endSessions(db, userId, undefined, 'global');
  }
  if (params.email) {
    await db.query('update auth.users set email = $2, updated_at = now() where id = $1', [
      userId,
      params.email,
    ]);
    await setEmailIdentity(db, userId, params.emailConfirm);
    if (params.emailConfirm) {
      await db.query('update auth.users set is_anonymous = false where id = $1', [userId]);
    }
  }
  const { rows } = await db.query<{ app: Fields | null; user: Fields | null }>(
    'select raw_app_meta_data as app, raw_user_meta_data as user from auth.users where id = $1',
    [userId],
  );
  if (params.appMetadata) {
    await db.query(
      'update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1',
      [userId, mergeMetadata(rows[0]?.app ?? null, params.appMetadata)],
    );
  }
  if (params.userMetadata) {
    await db.query(
      'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1',
      [userId, mergeMetadata(rows[0]?.user ?? null, params.userMetadata)],
    );
  }
  if (params.banMs !== undefined) {
    await db.query(
      `update auth.users
          set banned_until = case when $2::float8 = 0 then null
                                  else now() + make_interval(secs => $2::float8 / 1000) end,
              updated_at = now()
        where id = $1`,
      [userId, params.banMs],
    );
  }
}

/** DELETE /admin/users/{id} with optional {should_soft_delete}: 200 {}. */
export async function deleteUser(
  context: AuthContext,
  request: ApiRequest,
  { userId }: UserPath,
): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const user = await loadPathUser(context, userId);
  const soft = jsonBody(request).should_soft_delete === true;
  if (soft) {
    if (!user.deleted_at) {
      await inTransaction(context.pool, (client) => softDelete(client, user)).catch(
        (error: unknown) => {
          context.log.error('admin: soft-deleting a user failed', error);
          throw authError(500, 'unexpected_failure', 'Error soft deleting user');
        },
      );
    }
  } else {
    await context.pool
      .query('delete from auth.users where id = $1', [user.id])
      .catch((error: unknown) => {
        // Usually a project table referencing auth.users without `on delete cascade`.
        context.log.error('admin: deleting a user failed', error);
        throw authError(500, 'unexpected_failure', 'Database error deleting user');
      });
  }
  return { status: 200, body: {} };
}

/** GoTrue's stand-in for an erased value: a hash of the user id and the value. */
function obfuscated(userId: string, value: string): string {
  return createHash('sha256')
    .update(userId + value)
    .digest('base64url');
}

/**
 * A soft delete keeps the row (and what references it) but erases what identifies the person:
 * addresses and provider ids replaced by hashes, metadata emptied, password, tokens, factors and
 * sessions gone.
 */
async function softDelete(db: Db, user: UserRow): Promise<void> {
  await db.query(
    `update auth.users
        set email = $2, phone = $3, email_change = $4, phone_change = $5,
            encrypted_password = null, confirmation_token = '', recovery_token = '',
            email_change_token_current = '', email_change_token_new = '', phone_change_token = '',
            raw_user_meta_data = '{}', raw_app_meta_data = '{}', deleted_at = now(),
            updated_at = now()
      where id = $1`,
    [
      user.id,
      obfuscated(user.id, user.email ?? ''),
      obfuscated(user.id, user.phone ?? '').slice(0, 15),
      obfuscated(user.id, user.email_change ?? ''),
      obfuscated(user.id, user.phone_change ?? '').slice(0, 15),
    ],
  );
  await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
  const { rows: identities } = await db.query<{
    id: string;
    provider: string;
    provider_id: string;
  }>('select id, provider, provider_id from auth.identities where user_id = $1', [user.id]);
  for (const identity of identities) {
    await db.query(
      `update auth.identities set identity_data = '{}', provider_id = $2, updated_at = now()
        where id = $1`,
      [identity.id, obfuscated(user.id, `${identity.provider}:${identity.provider_id}`)],
    );
  }
  await db.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
  await endSessions(db, user.id, undefined, 'global');
}
