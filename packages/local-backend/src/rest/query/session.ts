import type pg from 'pg';
import type { RestRequest } from '../request/api-request';
import { endsInRollback } from '../request/preferences';
import { noResponseSettings, type ResponseSettingsRow } from './result';
import { inRequestTransaction, type TransactionOutcome } from './transaction';

/** What running a request's statements needs besides its plan. */
export interface QuerySession {
  pool: pg.Pool;
  request: RestRequest;
  /** ALTER ROLE ... SET values of the request's role. */
  roleSettings: [string, string][];
  maxRows: number;
}

export function transaction<T>(
  session: QuerySession,
  readOnly: boolean,
  work: (client: pg.PoolClient) => Promise<TransactionOutcome<T>>,
): Promise<T> {
  const { request } = session;
  return inRequestTransaction(
    session.pool,
    {
      readOnly,
      role: request.role,
      schema: request.schema,
      method: request.method,
      path: request.http.path,
      headers: request.http.headers,
      roleSettings: session.roleSettings,
      rollback: endsInRollback(request.preferences),
      timezone: request.preferences.timezone,
    },
    work,
  );
}

export async function responseSettings(client: pg.PoolClient): Promise<ResponseSettingsRow> {
  const { rows } = await client.query<ResponseSettingsRow>(
    `select nullif(current_setting('response.status', true), '') as status,
       nullif(current_setting('response.headers', true), '') as headers`,
  );
  return rows[0] ?? noResponseSettings;
}
