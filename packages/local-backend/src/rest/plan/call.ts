import { invalidBody, restError } from '../errors';
import { isReadLike, type RestRequest } from '../request/api-request';
import { hasBody, isPlainObject, parseBody } from '../request/body';
import { parseAccept, type ResponseFormat } from '../request/media-type';
import { checkPreferences, maxAffectedOf } from '../request/preferences';
import { parseQueryParams, type QueryParams } from '../request/query-params';
import type { ExposedSchema, RoutineInfo } from '../schema-cache/types';
import { applyRange } from './range';
import { planFor } from './read';
import { withComputedColumns, type ReadPlan, type SourceRelation } from './read-plan';
import {
  argumentNames,
  argumentsFromQuery,
  chooseRoutine,
  type RoutineChoice,
} from './routine-choice';

/** How a call's result is read: as rows (a read plan over them), nothing, one value or values. */
export type CallReturns =
  | { kind: 'rows'; plan: ReadPlan; set: boolean }
  | { kind: 'void' }
  | { kind: 'scalar' }
  | { kind: 'scalars'; offset: number; limit: number | undefined };

/** GET, HEAD or POST /rpc/<name>: the function, its arguments and how its result is read. */
export interface CallAction {
  choice: RoutineChoice;
  args: Record<string, unknown>;
  body: unknown;
  readOnly: boolean;
  format: ResponseFormat;
  maxAffected: number | undefined;
  returns: CallReturns;
}

export function planCall(request: RestRequest, schema: ExposedSchema, name: string): CallAction {
  const readLike = isReadLike(request);
  if (!readLike && request.method !== 'POST') {
    throw restError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions');
  }
  const { http, preferences } = request;
  const query = parseQueryParams(
    http.url.searchParams,
    readLike ? argumentNames(schema, name) : new Set(),
  );
  const body = !readLike && hasBody(http) ? parseBody(http) : {};
  const bodyArgs = isPlainObject(body) ? body : undefined;
  const keys = readLike ? [...query.args.keys()] : Object.keys(bodyArgs ?? {});
  const choice = chooseRoutine(schema, name, keys, !readLike);
  if (!readLike && !bodyArgs && !choice.wholeBody) throw invalidBody();
  const { routine } = choice;
  const args = readLike ? argumentsFromQuery(routine, query.args) : (bodyArgs ?? {});
  const format = parseAccept(http);
  checkPreferences(preferences);
  const maxAffected = maxAffectedOf(preferences);
  const { result } = routine;
  if (maxAffected !== undefined && (result.kind === 'void' || !result.set)) {
    throw restError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  return {
    choice,
    args,
    body,
    readOnly: readLike || routine.volatility !== 'volatile',
    format,
    maxAffected,
    returns: planReturns(request, schema, routine, query),
  };
}

function planReturns(
  request: RestRequest,
  schema: ExposedSchema,
  routine: RoutineInfo,
  query: QueryParams,
): CallReturns {
  const { result } = routine;
  if (result.kind === 'void') return { kind: 'void' };
  if (result.kind === 'scalar') {
    if (!result.set) return { kind: 'scalar' };
    return { kind: 'scalars', offset: query.offset.get('') ?? 0, limit: query.limit.get('') };
  }
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
  const plan = planFor(schema, source, query);
  applyRange(plan, request.http);
  return { kind: 'rows', plan, set: result.set };
}
