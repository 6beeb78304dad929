import type { ApiResponse } from '../http/types';
import { singularityError, tableNotFound } from './errors';
import {
  parseAccept,
  parsePreferences,
  type Preferences,
  type ResponseFormat,
} from './preferences';
import { parseQueryParams } from './query-params';
import { readStatement } from './query-builder';
import { relationSource, type ReadPlan } from './read-plan';
import {
  applyRange,
  preferenceHeaders,
  readPlanFor,
  transaction,
  type ReadRow,
  type RequestContext,
} from './request-context';
import { jsonResponse, pageRange } from './responses';
import type { RelationInfo } from './schema-cache';
import { qualified, quoteIdent, SqlParams } from './sql';

/** GET/HEAD on a table or view. */
export async function readRelation(context: RequestContext, relation: RelationInfo) {
  const { request } = context;
  const query = parseQueryParams(request.url.searchParams);
  const source = relationSource(context.schema, relation.name);
  if (!source) throw tableNotFound(relation.name);
  const plan = readPlanFor(context, source, query);
  applyRange(plan, request);
  const preferences = parsePreferences(request);
  const format = parseAccept(request);
  const params = new SqlParams();
  const sql = readStatement({
    plan,
    from: `${qualified(relation.name)} as ${quoteIdent(relation.name)}`,
    alias: relation.name,
    params,
    count: preferences.count,
    shape: context.method === 'HEAD' ? 'none' : format.shape,
    stripNulls: format.stripNulls,
    maxRows: context.maxRows,
    applyRootFilters: true,
  });
  const row = await transaction(context, true, async (client) => {
    const { rows } = await client.query<ReadRow>(sql, params.values);
    return { value: rows[0], commit: true };
  });
  return pageResponse(context, plan, row, format, preferences);
}

export function pageResponse(
  context: RequestContext,
  plan: ReadPlan,
  row: ReadRow | undefined,
  format: ResponseFormat,
  preferences: Preferences,
  status?: number,
): ApiResponse {
  const pageCount = Number(row?.page_count ?? 0);
  if (format.shape === 'object' && pageCount !== 1) throw singularityError(pageCount);
  const total = row?.total === null || row?.total === undefined ? undefined : Number(row.total);
  const range = pageRange(plan.offset ?? 0, pageCount, total);
  const headers = { 'Content-Range': range.contentRange, ...preferenceHeaders(preferences) };
  if (context.method === 'HEAD') {
    return {
      status: status ?? range.status,
      headers: { 'Content-Type': format.contentType, ...headers },
      raw: '',
    };
  }
  return jsonResponse(status ?? range.status, row?.body ?? 'null', format.contentType, headers);
}
