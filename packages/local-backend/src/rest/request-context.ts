/** What every request handler of /rest/v1 shares: its context, its transaction, its body and paging. */
import type pg from 'pg';
import type { ApiRequest } from '../http/types';
import { invalidBody } from './errors';
import { endsInRollback, parseRangeHeader, type Preferences } from './preferences';
import type { QueryParams } from './query-params';
import { buildReadPlan, type ReadPlan, type SourceRelation } from './read-plan';
import type { RequestRole } from './request-role';
import type { SchemaCache } from './schema-cache';
import { parseSelect } from './select-parser';
import { inRequestTransaction } from './transaction';

/** What `readStatement` (and a write's count) answers: one row. */
export interface ReadRow {
  total: string | null;
  page_count: string;
  body: string | null;
  affected?: string;
  inserted?: string;
}

export interface ResponseSettingsRow {
  status: string | null;
  headers: string | null;
}

export interface RequestContext {
  request: ApiRequest;
  method: string;
  schema: SchemaCache;
  role: RequestRole;
  pool: pg.Pool;
  maxRows: number;
  preferences: Preferences;
}

export function transaction<T>(
  context: RequestContext,
  readOnly: boolean,
  work: (client: pg.PoolClient) => Promise<{ value: T; commit: boolean }>,
): Promise<T> {
  return inRequestTransaction(
    context.pool,
    {
      readOnly,
      role: context.role,
      method: context.method,
      path: context.request.path,
      headers: context.request.headers,
      roleSettings: context.schema.roleSettings.get(context.role.role) ?? [],
      rollback: endsInRollback(context.preferences),
      timezone: context.preferences.timezone,
    },
    work,
  );
}

export async function responseSettings(client: pg.PoolClient): Promise<ResponseSettingsRow> {
  const { rows } = await client.query<ResponseSettingsRow>(
    `select nullif(current_setting('response.status', true), '') as status,
       nullif(current_setting('response.headers', true), '') as headers`,
  );
  return rows[0] ?? { status: null, headers: null };
}

/** Range header and offset/limit parameters together: the narrower window wins. */
export function applyRange(plan: ReadPlan, request: ApiRequest): void {
  const range = parseRangeHeader(request);
  if (!range) return;
  const offset = Math.max(range.offset, plan.offset ?? 0);
  const ends = [
    range.limit === undefined ? Infinity : range.offset + range.limit,
    plan.limit === undefined ? Infinity : (plan.offset ?? 0) + plan.limit,
  ];
  const end = Math.min(...ends);
  plan.offset = offset;
  if (Number.isFinite(end)) plan.limit = Math.max(0, end - offset);
}

export function readPlanFor(
  context: RequestContext,
  source: SourceRelation,
  query: QueryParams,
): ReadPlan {
  return buildReadPlan(context.schema, source, parseSelect(query.select), query);
}

export function parseBody(request: ApiRequest): unknown {
  const text = request.body.toString('utf8');
  if (text.trim() === '') throw invalidBody();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody();
  }
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
