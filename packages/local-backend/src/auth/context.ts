import type pg from 'pg';
import type { AuthSettings } from '../config';
import type { ApiRequest, ApiResponse, Logger, Mailer, ServiceDeps } from '../http/types';
import { AuthRateLimits } from './rate-limit';
import pLimit, { type LimitFunction } from 'p-limit';

/** What the auth endpoints share: the database, the settings, the mailer and the rate limits. */
export interface AuthContext {
  pool: pg.Pool;
  settings: AuthSettings;
  /** The auth API's public address (GoTrue's API_EXTERNAL_URL), also the tokens' issuer. */
  externalUrl: string;
  mailer: Mailer;
  log: Logger;
  limits: AuthRateLimits;
  /**
   * Runs a token grant when one of the few grants allowed in progress at once finishes. Hosted
   * GoTrue is a server of its own, so a flood of sign-ins slows sign-ins, not PostgREST; here both
   * share one process, and without this queue 20 clients signing in as fast as they can would hold
   * up every REST request behind theirs (`npm run bench:backend`).
   */
  grants: LimitFunction;
}

/** An auth endpoint; `params` are those its route's pattern names (see service.ts). */
export type Endpoint<Params = Readonly<Record<string, string>>> = (
  context: AuthContext,
  request: ApiRequest,
  params: Params,
) => Promise<ApiResponse> | ApiResponse;

/** Token grants in progress at once: enough to keep the database and the hashing threads busy. */
export const GRANTS_IN_PROGRESS = 2;

export function createAuthContext(deps: ServiceDeps): AuthContext {
  return {
    pool: deps.pool,
    settings: deps.config.auth,
    externalUrl: `${deps.config.apiUrl}/auth/v1`,
    mailer: deps.mailer,
    log: deps.log,
    limits: new AuthRateLimits(deps.config.auth.rateLimits, deps.config.auth.rateLimitHeader),
    grants: pLimit(GRANTS_IN_PROGRESS),
  };
}

export type Db = pg.Pool | pg.PoolClient;

/** Runs `work` in one transaction; rolls back when it throws. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
