import type { ApiRequest } from '../http/types';
import type { PostgresHook } from '../config';
import { inTransaction, type AuthContext } from './context';
import { authError } from './errors';

/**
 * Supabase Auth's Postgres hooks ([auth.hook.<name>] with a `pg-functions://` URI), called the way
 * GoTrue calls them: `select "schema"."function"($1)` with the JSON payload, as the role GoTrue
 * connects as (supabase_auth_admin, so a hook without its grants fails here as it does hosted), in
 * a transaction of its own with a 2-second statement timeout.
 */
const hookTimeoutMs = 2000;

/** What an answer of `{ "error": { "http_code", "message" } }` becomes, as GoTrue renders it. */
function hookRefusal(answer: unknown): ReturnType<typeof authError> | null {
  if (!answer || typeof answer !== 'object') return null;
  const error = (answer as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return null;
  const { http_code: status, message } = error as { http_code?: unknown; message?: unknown };
  // GoTrue ignores an error without a message, and an error without a status is a 500.
  if (typeof message !== 'string' || message === '') return null;
  const httpStatus = typeof status === 'number' && status > 0 ? status : 500;
  return authError(httpStatus, httpStatus === 500 ? 'unexpected_failure' : 'unknown', message);
}

async function runHook(
  context: AuthContext,
  hook: PostgresHook,
  payload: Record<string, unknown>,
): Promise<unknown> {
  let answer: unknown;
  try {
    answer = await inTransaction(context.pool, async (client) => {
      await client.query(`set local statement_timeout to '${hookTimeoutMs}'`);
      await client.query('set local role supabase_auth_admin');
      const { rows } = await client.query<{ answer: unknown }>(
        `select ${hook.functionName}($1) as answer`,
        [JSON.stringify(payload)],
      );
      return rows[0]?.answer;
    });
  } catch (error) {
    context.log.error(`auth: the hook ${hook.uri} failed`, error);
    throw authError(500, 'unexpected_failure', `Error running hook URI: ${hook.uri}`);
  }
  const refusal = hookRefusal(answer);
  if (refusal) throw refusal;
  return answer;
}

function metadata(context: AuthContext, request: ApiRequest, name: string) {
  return {
    uuid: crypto.randomUUID(),
    time: new Date().toISOString(),
    name,
    ip_address: context.limits.clientAddress(request),
  };
}

export interface MfaAttempt {
  userId: string;
  factorId: string;
  factorType: string;
  valid: boolean;
}

/**
 * The MFA verification attempt hook, after the code is checked and before the answer: a `reject`
 * decision signs the user out everywhere (as GoTrue does) and answers 403
 * mfa_verification_rejected with the hook's message.
 */
export async function mfaVerificationAttemptHook(
  context: AuthContext,
  request: ApiRequest,
  attempt: MfaAttempt,
): Promise<void> {
  const hook = context.settings.hooks.mfaVerificationAttempt;
  if (!hook) return;
  const answer = await runHook(context, hook, {
    metadata: metadata(context, request, 'mfa-verification'),
    user_id: attempt.userId,
    factor_id: attempt.factorId,
    factor_type: attempt.factorType,
    valid: attempt.valid,
  });
  const { decision, message } = (answer ?? {}) as { decision?: unknown; message?: unknown };
  if (decision !== 'reject') return;
  await inTransaction(context.pool, async (client) => {
    await client.query('delete from auth.sessions where user_id = $1', [attempt.userId]);
    await client.query('delete from auth.refresh_tokens where user_id = $1', [attempt.userId]);
  });
  throw authError(
    403,
    'mfa_verification_rejected',
    typeof message === 'string' && message !== ''
      ? message
      : 'Further MFA verification attempts will be rejected.',
  );
}

/** The user GoTrue would save, as its JSON reaches the before-user-created hook. */
export interface UserCandidate {
  email: string | null;
  provider: string;
  userMetadata: Record<string, unknown>;
  isAnonymous?: boolean;
}

/**
 * The before-user-created hook, before the user's transaction (GoTrue calls it outside it): an
 * `error` answer refuses the sign-up with the hook's status and message.
 */
export async function beforeUserCreatedHook(
  context: AuthContext,
  request: ApiRequest,
  candidate: UserCandidate,
): Promise<void> {
  const hook = context.settings.hooks.beforeUserCreated;
  if (!hook) return;
  const now = new Date().toISOString();
  await runHook(context, hook, {
    metadata: metadata(context, request, 'before-user-created'),
    user: {
      id: crypto.randomUUID(),
      aud: 'authenticated',
      role: '',
      email: candidate.email ?? '',
      phone: '',
      app_metadata: { provider: candidate.provider, providers: [candidate.provider] },
      user_metadata: candidate.userMetadata,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: candidate.isAnonymous ?? false,
    },
  });
}
