import type { ApiResponse } from '../http/types';
import { invalidBody, restError } from './errors';
import { parseAccept, parsePreferences, type ResponseFormat } from './preferences';
import { parseQueryParams } from './query-params';
import { readStatement } from './query-builder';
import type { SourceRelation } from './read-plan';
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
import { quoteIdent, SqlParams } from './sql';

/** GET, HEAD or POST /rpc/<name>. */
export async function callRoutine(context: RequestContext, name: string): Promise<ApiResponse> {
  const { request, schema, method } = context;
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

  const preferences = parsePreferences(request);
  const format = parseAccept(request);
  const params = new SqlParams();
  const { argumentsFrom, call } = routineCall(choice, args, body, params);
  const readOnly = readLike || routine.volatility !== 'volatile';
  const { result } = routine;

  if (result.kind === 'row') {
    const source: SourceRelation = {
      name: routine.name,
      columns: result.columns,
      columnsByName: new Map(result.columns.map((column) => [column.name, column])),
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
      count: preferences.count,
      shape,
      stripNulls: format.stripNulls,
      maxRows: context.maxRows,
      applyRootFilters: true,
    });
    const { row, settings } = await runRoutine(context, readOnly, sql, params, shape === 'object');
    const rowFormat: ResponseFormat = result.set
      ? format
      : { ...format, shape: 'object', contentType: 'application/json; charset=utf-8' };
    if (!result.set && format.shape !== 'object' && Number(row?.page_count ?? 0) !== 1) {
      return applyResponseSettings(jsonResponse(200, 'null', rowFormat.contentType), settings);
    }
    return applyResponseSettings(
      pageResponse(context, plan, row, rowFormat, preferences),
      settings,
    );
  }

  const fromClause = argumentsFrom ? ` from ${argumentsFrom}` : '';
  if (result.kind === 'void') {
    const { settings } = await runRoutine(
      context,
      readOnly,
      `select ${call}${fromClause}`,
      params,
      false,
    );
    return applyResponseSettings({ status: 204, raw: '' }, settings);
  }
  if (!result.set) {
    const sql = `select 1::bigint as page_count, to_json(${call})::text as body${fromClause}`;
    const { row, settings } = await runRoutine(context, readOnly, sql, params, false);
    const response = jsonResponse(200, row?.body ?? 'null', 'application/json; charset=utf-8');
    if (method === 'HEAD') response.raw = '';
    return applyResponseSettings(response, settings);
  }
  const offset = query.offset.get('') ?? 0;
  const limit = Math.min(query.limit.get('') ?? context.maxRows, context.maxRows);
  const values = `${argumentsFrom ? `${argumentsFrom} cross join lateral ` : ''}${call} as pgrst_scalar(pgrst_value)`;
  const sql =
    `select count(*)::bigint as page_count, coalesce(json_agg(pgrst_scalar.pgrst_value), '[]'::json)::text as body ` +
    `from (select pgrst_value from ${values} limit ${params.add(limit)} offset ${params.add(offset)}) as pgrst_scalar`;
  const { row, settings } = await runRoutine(context, readOnly, sql, params, false);
  const pageCount = Number(row?.page_count ?? 0);
  const range = pageRange(offset, pageCount, undefined);
  const response = jsonResponse(200, row?.body ?? '[]', format.contentType, {
    'Content-Range': range.contentRange,
  });
  if (method === 'HEAD') response.raw = '';
  return applyResponseSettings(response, settings);
}

async function runRoutine(
  context: RequestContext,
  readOnly: boolean,
  sql: string,
  params: SqlParams,
  singular: boolean,
): Promise<{ row: ReadRow | undefined; settings: ResponseSettingsRow }> {
  return transaction(context, readOnly, async (client) => {
    const { rows } = await client.query<ReadRow>(sql, params.values);
    const row = rows[0];
    if (singular && Number(row?.page_count ?? 0) !== 1) {
      return { value: { row, settings: { status: null, headers: null } }, commit: false };
    }
    return { value: { row, settings: await responseSettings(client) }, commit: true };
  });
}
