import type { ApiRequest, ApiResponse } from '../http/types';
import { inTransaction, type AuthContext, type Db } from './context';
import { authError, notImplemented } from './errors';
import { authenticate, type Authenticated } from './tokens';
import { isUuid, syncProviders, type UserRow } from './users';

/** The /user/identities endpoints answer only with [auth] enable_manual_linking on, as GoTrue's. */
async function authenticateForLinking(
  context: AuthContext,
  request: ApiRequest,
): Promise<Authenticated> {
  const authenticated = await authenticate(context, request);
  if (!context.settings.enableManualLinking) {
    throw authError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  }
  return authenticated;
}

/** GET /user/identities/authorize (linkIdentity): linking an OAuth account to a signed-in user. */
export async function linkIdentity(
  context: AuthContext,
  request: ApiRequest,
): Promise<ApiResponse> {
  await authenticateForLinking(context, request);
  throw notImplemented('Linking an OAuth identity to a signed-in user (linkIdentity)');
}

interface IdentityRow {
  id: string;
  provider: string;
  email: string | null;
  verified: boolean;
}

/**
 * DELETE /user/identities/{identity_id} (unlinkIdentity): removes one of the user's identities,
 * never the last. When the address came from the removed identity, another identity's address
 * takes its place.
 */
export async function unlinkIdentity(
  context: AuthContext,
  request: ApiRequest,
  { identityId }: { identityId: string },
): Promise<ApiResponse> {
  const { user, claims } = await authenticateForLinking(context, request);
  if (!isUuid(identityId)) {
    throw authError(404, 'validation_failed', 'identity_id must be an UUID');
  }
  const audience = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  const header = request.headers['x-jwt-aud'];
  const requested = (Array.isArray(header) ? header[0] : header) || audience;
  if (!audience || requested !== audience) {
    throw authError(403, 'unexpected_audience', "Token audience doesn't match request audience");
  }
  await inTransaction(context.pool, async (client) => {
    const identities = await identitiesOf(client, user.id);
    if (identities.length <= 1) {
      throw authError(
        422,
        'single_identity_not_deletable',
        'User must have at least 1 identity after unlinking',
      );
    }
    if (!identities.some((identity) => identity.id === identityId)) {
      throw authError(422, 'identity_not_found', "Identity doesn't exist");
    }
    await client.query('delete from auth.identities where id = $1', [identityId]);
    await keepAnAddressOfTheIdentities(context, client, user);
    await syncProviders(client, user.id);
  });
  return { status: 200, body: {} };
}

async function identitiesOf(db: Db, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider, identity_data ->> 'email' as email,
            coalesce((identity_data ->> 'email_verified')::boolean, false) as verified
       from auth.identities where user_id = $1
      order by case when coalesce(identity_data ->> 'email', '') = '' then 2
                    when coalesce((identity_data ->> 'email_verified')::boolean, false) then 0
                    else 1 end,
               created_at, id`,
    [userId],
  );
  return rows;
}

/**
 * GoTrue keeps the user's address while a remaining identity has it; otherwise the first free
 * address of the identities (verified ones first) becomes the user's, unconfirmed unless verified
 * or confirmations are off.
 */
async function keepAnAddressOfTheIdentities(
  context: AuthContext,
  db: Db,
  user: UserRow,
): Promise<void> {
  const remaining = await identitiesOf(db, user.id);
  const current = (user.email ?? '').toLowerCase();
  if (remaining.some((identity) => (identity.email ?? '').toLowerCase() === current)) return;
  let promoted: IdentityRow | undefined;
  for (const identity of remaining) {
    const { rowCount } = identity.email
      ? await db.query(
          'select 1 from auth.users where lower(email) = lower($1) and id <> $2 and aud = $3',
          [identity.email, user.id, user.aud ?? 'authenticated'],
        )
      : { rowCount: 0 };
    if (!rowCount) {
      promoted = identity;
      break;
    }
  }
  if (!promoted) {
    throw authError(
      422,
      'email_conflict_identity_not_deletable',
      'Unable to unlink identity due to email conflict',
    );
  }
  await db.query(
    `update auth.users
        set email = nullif($2, ''), confirmation_token = '', recovery_token = '',
            email_change_token_current = '', email_change_token_new = '', email_change = '',
            reauthentication_token = '', updated_at = now()
      where id = $1`,
    [user.id, promoted.email ?? ''],
  );
  await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
  if (!promoted.email || (!promoted.verified && context.settings.enableConfirmations)) {
    await db.query(
      `update auth.users
          set email_confirmed_at = null,
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
                || '{"email_verified": false}'::jsonb
        where id = $1`,
      [user.id],
    );
  }
}
