import type { ApiRequest, ApiResponse } from '../http/types';
import { requireAdmin } from './admin-access';
import { loadPathUser, type UserPath } from './admin-users';
import { inTransaction, type AuthContext } from './context';
import { authError } from './errors';
import { jsonBody, optionalString } from './request';
import { factorJson, isUuid, type FactorRow, type UserRow } from './users';

const factorColumns =
  'id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at, phone';

/** GET /admin/users/{id}/factors: the user's MFA factors (auth.admin.mfa.listFactors). */
export async function listUserFactors(
  context: AuthContext,
  request: ApiRequest,
  { userId }: UserPath,
): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const user = await loadPathUser(context, userId);
  const { rows } = await context.pool.query<FactorRow>(
    `select ${factorColumns} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [user.id],
  );
  return { status: 200, body: rows.map(factorJson) };
}

interface FactorPath extends UserPath {
  factorId: string;
}

async function loadPathFactor(
  context: AuthContext,
  factorId: string,
  user: UserRow,
): Promise<FactorRow> {
  if (!isUuid(factorId)) throw authError(404, 'validation_failed', 'factor_id must be an UUID');
  const { rows } = await context.pool.query<FactorRow>(
    `select ${factorColumns} from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, user.id],
  );
  const factor = rows[0];
  if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}

/**
 * DELETE /admin/users/{id}/factors/{factor_id} (auth.admin.mfa.deleteFactor): the factor goes and
 * the sessions it raised to aal2 drop back to aal1.
 */
export async function deleteUserFactor(
  context: AuthContext,
  request: ApiRequest,
  { userId, factorId }: FactorPath,
): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const user = await loadPathUser(context, userId);
  const factor = await loadPathFactor(context, factorId, user);
  await inTransaction(context.pool, async (client) => {
    await client.query(
      `delete from auth.mfa_amr_claims
        where authentication_method = $2
          and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id, factor.factor_type === 'phone' ? 'mfa/phone' : factor.factor_type],
    );
    await client.query(
      `update auth.sessions set aal = 'aal1', factor_id = null
        where user_id = $1 and factor_id = $2`,
      [user.id, factor.id],
    );
    await client.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  });
  return { status: 200, body: factorJson(factor) };
}

/** PUT /admin/users/{id}/factors/{factor_id}: renames the factor. */
export async function updateUserFactor(
  context: AuthContext,
  request: ApiRequest,
  { userId, factorId }: FactorPath,
): Promise<ApiResponse> {
  await requireAdmin(context, request);
  const user = await loadPathUser(context, userId);
  const factor = await loadPathFactor(context, factorId, user);
  const friendlyName = optionalString(jsonBody(request), 'friendly_name');
  if (!friendlyName) return { status: 200, body: factorJson(factor) };
  const { rows } = await context.pool.query<FactorRow>(
    `update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1
     returning ${factorColumns}`,
    [factor.id, friendlyName],
  );
  return { status: 200, body: factorJson(rows[0] ?? factor) };
}
