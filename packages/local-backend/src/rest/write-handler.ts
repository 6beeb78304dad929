import type { ApiResponse } from '../http/types';
import {
  columnNotFound,
  invalidBody,
  maxAffectedViolation,
  restError,
  singularityError,
  tableNotFound,
} from './errors';
import { deleteCte, insertCte, updateCte, type Returning } from './mutations';
import {
  checkPreferences,
  countsRows,
  maxAffectedOf,
  parseAccept,
  preferenceHeaders,
  type Preferences,
  type RequestKind,
  type ResponseFormat,
} from './preferences';
import { parseQueryParams, type QueryParams } from './query-params';
import { readStatement } from './query-builder';
import { relationSource, type ReadPlan } from './read-plan';
import {
  isPlainObject,
  parseBody,
  readPlanFor,
  responseSettings,
  transaction,
  type ReadRow,
  type RequestContext,
  type ResponseSettingsRow,
} from './request-context';
import { applyResponseSettings, jsonResponse } from './responses';
import type { RelationInfo } from './schema-cache';
import { SqlParams } from './sql';
import { quoteIdent } from '../db/quote-ident';

/** The rows a representation of a write may list: no limit but the write's own. */
const unlimited = Number.MAX_SAFE_INTEGER;

function checkColumns(relation: RelationInfo, columns: string[]): void {
  for (const column of columns) {
    if (!relation.columnsByName.has(column)) throw columnNotFound(relation.name, column);
  }
}

interface WriteResult {
  row: ReadRow | undefined;
  settings: ResponseSettingsRow;
}

/**
 * Runs a write (a `with pgrst_mutation as (...)` prefix) and reads back either its row count or
 * its representation; a singular request that did not touch exactly one row is rolled back, and so
 * is one that touched more rows than a strict `max-affected` allows.
 */
async function runWrite(
  context: RequestContext,
  relation: RelationInfo,
  cte: string,
  params: SqlParams,
  plan: ReadPlan | undefined,
  format: ResponseFormat,
  upsert: boolean,
  maxAffected?: number,
): Promise<WriteResult> {
  const sql = plan
    ? readStatement({
        plan,
        with: cte,
        from: `(select *, row_number() over () as pgrst_ordinal from pgrst_mutation) as ${quoteIdent(relation.name)}`,
        fallbackOrder: `${quoteIdent(relation.name)}.pgrst_ordinal`,
        alias: relation.name,
        params,
        count: 'none',
        shape: format.shape,
        stripNulls: format.stripNulls,
        maxRows: unlimited,
        applyRootFilters: false,
        extraColumns: [
          '(select count(*) from pgrst_mutation)::bigint as affected',
          ...(upsert
            ? ['(select count(*) from pgrst_mutation where pgrst_inserted)::bigint as inserted']
            : []),
        ],
      })
    : `${cte} select null::bigint as total, count(*)::bigint as page_count, null::text as body,
         count(*)::bigint as affected from pgrst_mutation`;
  return transaction(context, false, async (client) => {
    const { rows } = await client.query<ReadRow>(sql, params.values);
    const row = rows[0];
    const affected = Number(row?.affected ?? 0);
    if (format.shape === 'object' && affected !== 1) {
      return { value: { row, settings: { status: null, headers: null } }, commit: false };
    }
    if (maxAffected !== undefined && affected > maxAffected) throw maxAffectedViolation(affected);
    return { value: { row, settings: await responseSettings(client) }, commit: true };
  });
}

function writeResponse(
  context: RequestContext,
  result: WriteResult,
  format: ResponseFormat,
  preferences: Preferences,
  applied: { kind: RequestKind; resolves?: boolean },
  representation: boolean,
  statuses: { withBody: number; withoutBody: number },
  contentRange: (affected: number, total: string) => string,
): ApiResponse {
  const affected = Number(result.row?.affected ?? 0);
  if (format.shape === 'object' && affected !== 1) throw singularityError(affected);
  const total = countsRows(preferences) ? String(affected) : '*';
  const headers = {
    'Content-Range': contentRange(affected, total),
    ...preferenceHeaders(preferences, applied.kind, applied),
  };
  const response = representation
    ? jsonResponse(statuses.withBody, result.row?.body ?? '[]', format.contentType, headers)
    : { status: statuses.withoutBody, headers, raw: '' };
  if (context.method === 'HEAD') response.raw = '';
  return applyResponseSettings(response, result.settings);
}

function representationPlan(
  context: RequestContext,
  relation: RelationInfo,
  query: QueryParams,
): ReadPlan {
  const source = relationSource(context.schema, relation.name);
  if (!source) throw tableNotFound(relation.name);
  return readPlanFor(context, source, query);
}

export async function insertRows(context: RequestContext, relation: RelationInfo) {
  const { request } = context;
  const query = parseQueryParams(request.url.searchParams);
  const { preferences } = context;
  const format = parseAccept(request);
  const body = parseBody(request);
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isPlainObject)) throw invalidBody();
  const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  checkColumns(relation, columns);

  let onConflict: { columns: string[]; action: 'merge' | 'ignore' } | undefined;
  if (preferences.resolution) {
    const keys = query.onConflict ?? relation.primaryKey;
    if (keys.length === 0) {
      throw restError(
        400,
        'PGRST100',
        `"failed to parse on_conflict parameter ()"`,
        'No primary key or on_conflict columns for an upsert',
      );
    }
    checkColumns(relation, keys);
    onConflict = {
      columns: keys,
      action: preferences.resolution === 'ignore-duplicates' ? 'ignore' : 'merge',
    };
  }
  const representation = preferences.return === 'representation';
  const plan = representation ? representationPlan(context, relation, query) : undefined;
  checkPreferences(preferences);
  const params = new SqlParams();
  const returning: Returning = representation ? 'rows' : 'count';
  const spec = {
    table: relation.name,
    rows,
    columns,
    missingDefault: preferences.missing === 'default',
    returning,
    ...(onConflict ? { onConflict } : {}),
  };
  const cte = insertCte(spec, params);
  const result = await runWrite(
    context,
    relation,
    cte,
    params,
    plan,
    format,
    !!onConflict && representation,
  );
  const inserted = Number(result.row?.inserted ?? 1);
  const affected = Number(result.row?.affected ?? 0);
  const allMerged = !!onConflict && representation && inserted === 0 && affected > 0;
  return writeResponse(
    context,
    result,
    format,
    preferences,
    { kind: 'insert', resolves: relation.primaryKey.length > 0 || query.onConflict !== undefined },
    representation,
    { withBody: allMerged ? 200 : 201, withoutBody: 201 },
    (_, total) => `*/${total}`,
  );
}

export async function updateRows(context: RequestContext, relation: RelationInfo) {
  const { request } = context;
  const query = parseQueryParams(request.url.searchParams);
  const { preferences } = context;
  const format = parseAccept(request);
  const body = parseBody(request);
  if (!isPlainObject(body)) throw invalidBody();
  const columns = query.columns ?? Object.keys(body);
  checkColumns(relation, columns);
  const plan = representationPlan(context, relation, query);
  checkPreferences(preferences);
  const representation = preferences.return === 'representation';
  const params = new SqlParams();
  const returning: Returning = representation ? 'rows' : 'count';
  if (columns.length === 0) {
    // Nothing to change: PostgREST answers without touching any row.
    if (format.shape === 'object') throw singularityError(0);
    return representation
      ? jsonResponse(200, '[]', format.contentType, { 'Content-Range': '*/*' })
      : { status: 204, headers: { 'Content-Range': '*/*' }, raw: '' };
  }
  const cte = updateCte(relation.name, body, columns, plan.filters, returning, params);
  const result = await runWrite(
    context,
    relation,
    cte,
    params,
    representation ? plan : undefined,
    format,
    false,
    maxAffectedOf(preferences),
  );
  return writeResponse(
    context,
    result,
    format,
    preferences,
    { kind: 'update' },
    representation,
    { withBody: 200, withoutBody: 204 },
    (affected, total) => `${affected > 0 ? `0-${affected - 1}` : '*'}/${total}`,
  );
}

export async function deleteRows(context: RequestContext, relation: RelationInfo) {
  const { request } = context;
  const query = parseQueryParams(request.url.searchParams);
  const { preferences } = context;
  const format = parseAccept(request);
  const plan = representationPlan(context, relation, query);
  checkPreferences(preferences);
  const representation = preferences.return === 'representation';
  const params = new SqlParams();
  const returning: Returning = representation ? 'rows' : 'count';
  const cte = deleteCte(relation.name, plan.filters, returning, params);
  const result = await runWrite(
    context,
    relation,
    cte,
    params,
    representation ? plan : undefined,
    format,
    false,
    maxAffectedOf(preferences),
  );
  return writeResponse(
    context,
    result,
    format,
    preferences,
    { kind: 'delete' },
    representation,
    { withBody: 200, withoutBody: 204 },
    (_, total) => `*/${total}`,
  );
}
