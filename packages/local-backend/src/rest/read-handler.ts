import type pg from 'pg';
import type { ApiResponse } from '../http/types';
import { singularityError, tableNotFound } from './errors';
import {
  checkPreferences,
  parseAccept,
  preferenceHeaders,
  type Preferences,
  type RequestKind,
  type ResponseFormat,
} from './preferences';
import { parseQueryParams } from './query-params';
import { plannedCountStatement, readStatement, type ReadStatementOptions } from './query-builder';
import { relationSource, type ReadPlan } from './read-plan';
import {
  applyRange,
  readPlanFor,
  transaction,
  type ReadRow,
  type RequestContext,
} from './request-context';
import { jsonResponse, pageRange } from './responses';
import type { RelationInfo } from './schema-cache';
import { qualified, SqlParams } from './sql';
import { quoteIdent } from '../db/quote-ident';

/** How each `count=` preference counts in SQL; the planner is asked afterwards (countFor). */
const countModes = { exact: 'exact', estimated: 'limited', planned: 'none' } as const;

/** GET/HEAD on a table or view. */
export async function readRelation(context: RequestContext, relation: RelationInfo) {
  const { request, preferences } = context;
  const query = parseQueryParams(request.url.searchParams);
  const source = relationSource(context.schema, relation.name);
  if (!source) throw tableNotFound(relation.name);
  const plan = readPlanFor(context, source, query);
  applyRange(plan, request);
  const format = parseAccept(request);
  checkPreferences(preferences);
  const statement: ReadStatementOptions = {
    plan,
    from: `${qualified(relation.name)} as ${quoteIdent(relation.name)}`,
    alias: relation.name,
    params: new SqlParams(),
    count: preferences.count ? countModes[preferences.count] : 'none',
    shape: context.method === 'HEAD' ? 'none' : format.shape,
    stripNulls: format.stripNulls,
    maxRows: context.maxRows,
    applyRootFilters: true,
  };
  const sql = readStatement(statement);
  const row = await transaction(context, true, async (client) => {
    const { rows } = await client.query<ReadRow>(sql, statement.params.values);
    const read = rows[0];
    if (read) read.total = await countFor(client, statement, read.total, preferences, context);
    return { value: read, commit: true };
  });
  return pageResponse(context, plan, row, format, preferences, 'read');
}

/**
 * The total PostgREST reports for a read: `count=planned` is the planner's estimate, and
 * `count=estimated` the exact count unless that passes max-rows, then the larger of the two.
 */
async function countFor(
  client: pg.PoolClient,
  statement: ReadStatementOptions,
  counted: string | null,
  preferences: Preferences,
  context: RequestContext,
): Promise<string | null> {
  const { count } = preferences;
  const exceeds = count === 'estimated' && Number(counted) > context.maxRows;
  if (count !== 'planned' && !exceeds) return counted;
  const params = new SqlParams();
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    plannedCountStatement({ ...statement, params }),
    params.values,
  );
  const planned = rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'];
  if (planned === undefined) return counted;
  return String(exceeds ? Math.max(planned, Number(counted)) : planned);
}

export function pageResponse(
  context: RequestContext,
  plan: ReadPlan,
  row: ReadRow | undefined,
  format: ResponseFormat,
  preferences: Preferences,
  kind: RequestKind,
  status?: number,
): ApiResponse {
  const pageCount = Number(row?.page_count ?? 0);
  if (format.shape === 'object' && pageCount !== 1) throw singularityError(pageCount);
  const total = row?.total === null || row?.total === undefined ? undefined : Number(row.total);
  const range = pageRange(plan.offset ?? 0, pageCount, total);
  const headers = {
    'Content-Range': range.contentRange,
    ...preferenceHeaders(preferences, kind),
  };
  if (context.method === 'HEAD') {
    return {
      status: status ?? range.status,
      headers: { 'Content-Type': format.contentType, ...headers },
      raw: '',
    };
  }
  return jsonResponse(status ?? range.status, row?.body ?? 'null', format.contentType, headers);
}
