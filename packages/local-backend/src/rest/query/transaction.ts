import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import { quoteIdent } from '../../db/quote-ident';
import type { RequestRole } from '../request/role';

export interface TransactionSettings {
  readOnly: boolean;
  role: RequestRole;
  /** The request's schema, searched first. */
  schema: string;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** ALTER ROLE ... SET values of the request role (statement_timeout). */
  roleSettings: [string, string][];
  /** End in rollback even when the work succeeds (PostgREST's `db-tx-end` / `Prefer: tx`). */
  rollback: boolean;
  /** `Prefer: timezone=...`: the session time zone timestamps are read and written in. */
  timezone: string | undefined;
}

export interface TransactionOutcome<T> {
  value: T;
  /** False to roll back (a singular response that did not get exactly one row). */
  commit: boolean;
}

function cookiesOf(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return cookies;
}

/** Supabase's `[api] extra_search_path`, searched after the request's schema. */
const extraSearchPath = ['public', 'extensions'];

const plainIdentifier = /^[a-z_][a-z0-9_$]*$/;

/** The request's schema then the extra ones, quoted only where Postgres needs it. */
export function searchPathFor(schema: string): string {
  return [...new Set([schema, ...extraSearchPath])]
    .map((name) => (plainIdentifier.test(name) ? name : quoteIdent(name)))
    .join(', ');
}

/**
 * Runs `work` in one transaction set up as PostgREST sets up each request: the JWT's role, its
 * claims and the request's method, path, headers and cookies as transaction-local settings, and
 * the search path of the request's schema (and a preferred time zone, which Postgres validates).
 */
export async function inRequestTransaction<T>(
  pool: pg.Pool,
  settings: TransactionSettings,
  work: (client: pg.PoolClient) => Promise<TransactionOutcome<T>>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(settings.readOnly ? 'begin read only' : 'begin');
    const headers = Object.fromEntries(
      Object.entries(settings.headers).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value.join(', ') : (value ?? ''),
      ]),
    );
    const values: unknown[] = [
      settings.role.role,
      JSON.stringify(settings.role.claims),
      settings.method,
      settings.path,
      JSON.stringify(headers),
      JSON.stringify(cookiesOf(settings.headers.cookie)),
      searchPathFor(settings.schema),
    ];
    const localSettings: [string, string][] = [...settings.roleSettings];
    if (settings.timezone !== undefined) localSettings.push(['timezone', settings.timezone]);
    const extra = localSettings.map(([name, value]) => {
      values.push(name, value);
      return `set_config($${values.length - 1}, $${values.length}, true)`;
    });
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
        set_config('request.method', $3, true), set_config('request.path', $4, true),
        set_config('request.headers', $5, true), set_config('request.cookies', $6, true),
        set_config('search_path', $7, true)${extra.map((sql) => `, ${sql}`).join('')}`,
      values,
    );
    const outcome = await work(client);
    if (outcome.commit && settings.rollback) {
      // As PostgREST does: deferred constraints still get checked before the changes are dropped.
      await client.query('set constraints all immediate');
    }
    await client.query(outcome.commit && !settings.rollback ? 'commit' : 'rollback');
    return outcome.value;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
