import type { ApiResponse } from '../http/types';
import { invalidBody, maxAffectedViolation, restError } from './errors';
import {
  checkPreferences,
  countsRows,
  maxAffectedOf,
  parseAccept,
  preferenceHeaders,
  type ResponseFormat,
} from './preferences';
import { parseQueryParams } from './query-params';
import { readStatement } from './query-builder';
import { withComputedColumns, type SourceRelation } from './read-plan';
import { pageResponse } from './read-handler';
import {
  applyRange,
  isPlainObject,
  parseBody,
  readPlanFor,
  responseSettings,
  transaction,
  type ReadRow,
  type RequestContext,
  type ResponseSettingsRow,
} from './request-context';
import { applyResponseSettings, jsonResponse, pageRange } from './responses';
import { argumentNames, argumentsFromQuery, chooseRoutine, routineCall } from './rpc';
import { SqlParams } from './sql';
import { quoteIdent } from '../db/quote-ident';

/** GET, HEAD or POST /rpc/<name>. */
export async function callRoutine(context: RequestContext, name: string): Promise<ApiResponse> {
  const { request, schema, method, preferences } = context;
  const readLike = method === 'GET' || method === 'HEAD';
  if (method !== 'POST' && !readLike) {
    throw restError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions');
  }
  const query = parseQueryParams(
    request.url.searchParams,
    readLike ? argumentNames(schema, name) : new Set(),
  );
  let body: unknown = {};
  if (!readLike && request.body.toString('utf8').trim() !== '') body = parseBody(request);
  const bodyArgs = isPlainObject(body) ? body : undefined;
  const keys = readLike ? [...query.args.keys()] : Object.keys(bodyArgs ?? {});
  const choice = chooseRoutine(schema, name, keys, !readLike);
  if (!readLike && !bodyArgs && !choice.wholeBody) throw invalidBody();
  const { routine } = choice;
  const args = readLike ? argumentsFromQuery(routine, query.args) : (bodyArgs ?? {});

  const format = parseAccept(request);
  const params = new SqlParams();
  const { argumentsFrom, call } = routineCall(choice, args, body, params);
  const readOnly = readLike || routine.volatility !== 'volatile';
  const { result } = routine;
  const returnsSet = result.kind !== 'void' && result.set;
  checkPreferences(preferences);
  const maxAffected = maxAffectedOf(preferences);
  if (maxAffected !== undefined && !returnsSet) {
    throw restError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  const run = (sql: string, singular = false) =>
    runRoutine(context, readOnly, sql, params, singular, maxAffected);
  const applied = preferenceHeaders(preferences, 'rpc');

  if (result.kind === 'row') {
    const returned = result.relation ? schema.relations.get(result.relation) : undefined;
    const source: SourceRelation = {
      name: routine.name,
      columns: result.columns,
      columnsByName: withComputedColumns(
        new Map(result.columns.map((column) => [column.name, column])),
        returned?.computedColumns ?? new Map(),
      ),
      relationshipTable: result.relation,
    };
    const plan = readPlanFor(context, source, query);
    applyRange(plan, request);
    const shape = method === 'HEAD' ? 'none' : result.set ? format.shape : 'object';
    const sql = readStatement({
      plan,
      from: `${argumentsFrom ? `${argumentsFrom} cross join lateral ` : ''}${call} as ${quoteIdent(routine.name)}`,
      alias: routine.name,
      params,
      count: countsRows(preferences) ? 'exact' : 'none',
      shape,
      stripNulls: format.stripNulls,
      maxRows: context.maxRows,
      applyRootFilters: true,
    });
    const { row, settings } = await run(sql, shape === 'object');
    const rowFormat: ResponseFormat = result.set
      ? format
      : { ...format, shape: 'object', contentType: 'application/json; charset=utf-8' };
    if (!result.set && format.shape !== 'object' && Number(row?.page_count ?? 0) !== 1) {
      return applyResponseSettings(
        jsonResponse(200, 'null', rowFormat.contentType, applied),
        settings,
      );
    }
    return applyResponseSettings(
      pageResponse(context, plan, row, rowFormat, preferences, 'rpc'),
      settings,
    );
  }

  const fromClause = argumentsFrom ? ` from ${argumentsFrom}` : '';
  if (result.kind === 'void') {
    const { settings } = await run(`select ${call}${fromClause}`);
    return applyResponseSettings({ status: 204, headers: applied, raw: '' }, settings);
  }
  if (!result.set) {
    const total = countsRows(preferences) ? '1' : '*';
    const sql = `select 1::bigint as page_count, to_json(${call})::text as body${fromClause}`;
    const { row, settings } = await run(sql);
    const response = jsonResponse(200, row?.body ?? 'null', 'application/json; charset=utf-8', {
      'Content-Range': `0-0/${total}`,
      ...applied,
    });
    if (method === 'HEAD') response.raw = '';
    return applyResponseSettings(response, settings);
  }
  const offset = query.offset.get('') ?? 0;
  const limit = Math.min(query.limit.get('') ?? context.maxRows, context.maxRows);
  const values = `${argumentsFrom ? `${argumentsFrom} cross join lateral ` : ''}${call} as pgrst_scalar(pgrst_value)`;
  const total = countsRows(preferences) ? `(select count(*) from ${values})` : 'null';
  const sql =
    `select ${total}::bigint as total, count(*)::bigint as page_count, coalesce(json_agg(pgrst_scalar.pgrst_value), '[]'::json)::text as body ` +
    `from (select pgrst_value from ${values} limit ${params.add(limit)} offset ${params.add(offset)}) as pgrst_scalar`;
  const { row, settings } = await run(sql);
  const pageCount = Number(row?.page_count ?? 0);
  const counted = row?.total === null || row?.total === undefined ? undefined : Number(row.total);
  const range = pageRange(offset, pageCount, counted);
  const response = jsonResponse(range.status, row?.body ?? '[]', format.contentType, {
    'Content-Range': range.contentRange,
    ...applied,
  });
  if (method === 'HEAD') response.raw = '';
  return applyResponseSettings(response, settings);
}

/**
 * Runs the call in the request's transaction. A singular answer without exactly one row, or more
 * rows than a strict `max-affected` allows, rolls back whatever the function changed.
 */
async function runRoutine(
  context: RequestContext,
  readOnly: boolean,
  sql: string,
  params: SqlParams,
  singular: boolean,
  maxAffected: number | undefined,
): Promise<{ row: ReadRow | undefined; settings: ResponseSettingsRow }> {
  return transaction(context, readOnly, async (client) => {
    const { rows } = await client.query<ReadRow>(sql, params.values);
    const row = rows[0];
    const pageCount = Number(row?.page_count ?? 0);
    if (singular && pageCount !== 1) {
      return { value: { row, settings: { status: null, headers: null } }, commit: false };
    }
    if (maxAffected !== undefined && pageCount > maxAffected) {
      throw maxAffectedViolation(pageCount);
    }
    return { value: { row, settings: await responseSettings(client) }, commit: true };
  });
}
