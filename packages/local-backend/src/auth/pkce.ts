import { createHash } from 'node:crypto';
import type { ApiRequest } from '../http/types';
import { inTransaction, type AuthContext, type Db } from './context';
import { authError, validationFailed } from './errors';
import { startSession, type AuthMethod, type SessionResponse } from './sessions';
import { findUserById } from './users';

export interface CodeChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** GoTrue's flow_state_expiry: a code must be exchanged within five minutes of being handed out. */
const flowStateExpirySeconds = 300;

/** The PKCE challenge a request starts a flow with, if any (auth-js sends `s256` in lower case). */
export function codeChallengeFrom(challenge: unknown, method: unknown): CodeChallenge | undefined {
  if (challenge === undefined || challenge === null || challenge === '') return undefined;
  if (typeof challenge !== 'string' || typeof method !== 'string' || !method) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw validationFailed(`code challenge method not supported: ${method}`);
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: normalized };
}

/**
 * Records a flow whose code will be handed out later (`issued` false: an e-mail link still has to
 * be followed) or right away (`issued` true). Answers the code.
 */
export async function createFlowState(
  db: Db,
  options: {
    userId: string;
    challenge: CodeChallenge;
    providerType: string;
    method: AuthMethod;
    issued: boolean;
  },
): Promise<string> {
  const authCode = crypto.randomUUID();
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
       provider_type, authentication_method, auth_code_issued_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, case when $8 then now() end, now(), now())`,
    [
      crypto.randomUUID(),
      options.userId,
      authCode,
      options.challenge.method,
      options.challenge.challenge,
      options.providerType,
      options.method,
      options.issued,
    ],
  );
  return authCode;
}

/** Hands out the code of the user's newest pending flow for `method` (an e-mail link was followed). */
export async function issuePendingFlowCode(
  db: Db,
  userId: string,
  method: AuthMethod,
): Promise<string | undefined> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state
                   where user_id = $1 and authentication_method = $2 and auth_code_issued_at is null
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, method],
  );
  return rows[0]?.auth_code;
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge_method: string;
  code_challenge: string;
  provider_type: string;
  authentication_method: string;
  expired: boolean;
}

/** The pkce grant: a handed-out code and its verifier become a session, once. */
export async function exchangeCode(
  context: AuthContext,
  request: ApiRequest,
  authCode: string | undefined,
  verifier: string | undefined,
): Promise<SessionResponse> {
  if (!authCode || !verifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const notFound = () =>
    authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  let expired = false;
  const session = await inTransaction(context.pool, async (client) => {
    const { rows } = await client.query<FlowStateRow>(
      `select id, user_id, code_challenge_method, code_challenge, provider_type,
              authentication_method,
              auth_code_issued_at + make_interval(secs => $2) <= now() as expired
         from auth.flow_state
        where auth_code = $1 and auth_code_issued_at is not null
        for update`,
      [authCode, flowStateExpirySeconds],
    );
    const flow = rows[0];
    if (!flow?.user_id) throw notFound();
    if (flow.expired) {
      await client.query('delete from auth.flow_state where id = $1', [flow.id]);
      expired = true;
      return undefined;
    }
    if (!verifierMatches(verifier, flow.code_challenge, flow.code_challenge_method)) {
      throw authError(
        400,
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    }
    await client.query('delete from auth.flow_state where id = $1', [flow.id]);
    const user = await findUserById(client, flow.user_id);
    if (!user) throw notFound();
    const oauth = flow.authentication_method === 'oauth';
    const response = await startSession(
      context,
      client,
      user,
      flow.authentication_method as AuthMethod,
      request,
      oauth ? flow.provider_type : 'email',
    );
    return oauth ? { ...response, provider_token: 'local' } : response;
  });
  if (expired || !session) {
    throw authError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  return session;
}

function verifierMatches(verifier: string, challenge: string, method: string): boolean {
  if (method.toLowerCase() === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}
