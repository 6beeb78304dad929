import { tableNotFound } from '../errors';
import type { RestRequest } from '../request/api-request';
import { parseAccept, type ResponseFormat } from '../request/media-type';
import { checkPreferences } from '../request/preferences';
import { parseQueryParams, type QueryParams } from '../request/query-params';
import { parseSelect } from '../request/select-parser';
import type { ExposedSchema, RelationInfo } from '../schema-cache/types';
import { applyRange } from './range';
import { buildReadPlan, relationSource, type ReadPlan, type SourceRelation } from './read-plan';

/** GET or HEAD on a table or view: the rows to read and how to answer them. */
export interface ReadAction {
  relation: RelationInfo;
  plan: ReadPlan;
  format: ResponseFormat;
}

export function planFor(
  schema: ExposedSchema,
  source: SourceRelation,
  query: QueryParams,
): ReadPlan {
  return buildReadPlan(schema, source, parseSelect(query.select), query);
}

/** A table or view's own rows as a read's source. */
export function relationPlan(
  schema: ExposedSchema,
  relation: RelationInfo,
  query: QueryParams,
): ReadPlan {
  const source = relationSource(schema, relation.name);
  if (!source) throw tableNotFound(schema.name, relation.name);
  return planFor(schema, source, query);
}

export function planRead(
  request: RestRequest,
  schema: ExposedSchema,
  relation: RelationInfo,
): ReadAction {
  const query = parseQueryParams(request.http.url.searchParams);
  const plan = relationPlan(schema, relation, query);
  applyRange(plan, request.http);
  const format = parseAccept(request.http);
  checkPreferences(request.preferences);
  return { relation, plan, format };
}
