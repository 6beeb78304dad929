import type pg from 'pg';
import type { AuthSettings } from '../config';
import type { Logger, Mailer, ServiceDeps } from '../http/types';
import { AuthRateLimits } from './rate-limit';

/** What the auth endpoints share: the database, the settings, the mailer and the rate limits. */
export interface AuthContext {
  pool: pg.Pool;
  settings: AuthSettings;
  /** The auth API's public address (GoTrue's API_EXTERNAL_URL), also the tokens' issuer. */
  externalUrl: string;
  mailer: Mailer;
  log: Logger;
  limits: AuthRateLimits;
}

export function createAuthContext(deps: ServiceDeps): AuthContext {
  return {
    pool: deps.pool,
    settings: deps.config.auth,
    externalUrl: `${deps.config.apiUrl}/auth/v1`,
    mailer: deps.mailer,
    log: deps.log,
    limits: new AuthRateLimits(deps.config.auth.rateLimits, deps.config.auth.rateLimitHeader),
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
