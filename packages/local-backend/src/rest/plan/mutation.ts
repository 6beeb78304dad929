import { columnNotFound, invalidBody, restError } from '../errors';
import type { RestRequest } from '../request/api-request';
import { isPlainObject, parseBody } from '../request/body';
import { parseAccept, type ResponseFormat } from '../request/media-type';
import { checkPreferences, maxAffectedOf } from '../request/preferences';
import { parseQueryParams } from '../request/query-params';
import type { ExposedSchema, RelationInfo } from '../schema-cache/types';
import { relationPlan } from './read';
import type { ReadPlan } from './read-plan';

export interface OnConflict {
  columns: string[];
  action: 'merge' | 'ignore';
}

interface MutationBase {
  relation: RelationInfo;
  format: ResponseFormat;
  /** `return=representation`: the written rows are read back through `plan`. */
  representation: boolean;
}

export interface InsertAction extends MutationBase {
  kind: 'insert';
  rows: Record<string, unknown>[];
  /** The columns written; a row without one of them gets NULL, or its DEFAULT with `missingDefault`. */
  columns: string[];
  missingDefault: boolean;
  onConflict: OnConflict | undefined;
  /** Whether there is a key to resolve conflicts on (a primary key or `on_conflict`). */
  resolves: boolean;
  plan: ReadPlan | undefined;
}

export interface UpdateAction extends MutationBase {
  kind: 'update';
  values: Record<string, unknown>;
  columns: string[];
  /** Its filters choose the rows written. */
  plan: ReadPlan;
  maxAffected: number | undefined;
}

export interface DeleteAction extends MutationBase {
  kind: 'delete';
  plan: ReadPlan;
  maxAffected: number | undefined;
}

export type MutationAction = InsertAction | UpdateAction | DeleteAction;

function checkColumns(relation: RelationInfo, columns: string[]): void {
  for (const column of columns) {
    if (!relation.columnsByName.has(column)) throw columnNotFound(relation.name, column);
  }
}

export function planInsert(
  request: RestRequest,
  schema: ExposedSchema,
  relation: RelationInfo,
): InsertAction {
  const { preferences } = request;
  const query = parseQueryParams(request.http.url.searchParams);
  const format = parseAccept(request.http);
  const body = parseBody(request.http);
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isPlainObject)) throw invalidBody();
  const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  checkColumns(relation, columns);

  let onConflict: OnConflict | undefined;
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
  const plan = representation ? relationPlan(schema, relation, query) : undefined;
  checkPreferences(preferences);
  return {
    kind: 'insert',
    relation,
    format,
    representation,
    rows,
    columns,
    missingDefault: preferences.missing === 'default',
    onConflict,
    resolves: relation.primaryKey.length > 0 || query.onConflict !== undefined,
    plan,
  };
}

export function planUpdate(
  request: RestRequest,
  schema: ExposedSchema,
  relation: RelationInfo,
): UpdateAction {
  const { preferences } = request;
  const query = parseQueryParams(request.http.url.searchParams);
  const format = parseAccept(request.http);
  const body = parseBody(request.http);
  if (!isPlainObject(body)) throw invalidBody();
  const columns = query.columns ?? Object.keys(body);
  checkColumns(relation, columns);
  const plan = relationPlan(schema, relation, query);
  checkPreferences(preferences);
  return {
    kind: 'update',
    relation,
    format,
    representation: preferences.return === 'representation',
    values: body,
    columns,
    plan,
    maxAffected: maxAffectedOf(preferences),
  };
}

export function planDelete(
  request: RestRequest,
  schema: ExposedSchema,
  relation: RelationInfo,
): DeleteAction {
  const { preferences } = request;
  const query = parseQueryParams(request.http.url.searchParams);
  const format = parseAccept(request.http);
  const plan = relationPlan(schema, relation, query);
  checkPreferences(preferences);
  return {
    kind: 'delete',
    relation,
    format,
    representation: preferences.return === 'representation',
    plan,
    maxAffected: maxAffectedOf(preferences),
  };
}
