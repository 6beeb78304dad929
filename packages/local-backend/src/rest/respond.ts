import type { ApiResponse } from '../http/types';
import { tableNotFound } from './errors';
import { planCall } from './plan/call';
import { planDelete, planInsert, planUpdate } from './plan/mutation';
import { planRead } from './plan/read';
import { runCall } from './query/call-query';
import { runRead } from './query/read-query';
import type { QuerySession } from './query/session';
import { runWrite } from './query/write-query';
import { isReadLike, type RestRequest } from './request/api-request';
import { callResponse } from './response/call-response';
import { pageResponse } from './response/read-response';
import { unchangedResponse, writeResponse } from './response/write-response';
import { describeSchema } from './schema-cache/openapi';
import type { ExposedSchema } from './schema-cache/types';

/** One request through the stages: planned against the schema, run, then answered. */
export async function respond(
  request: RestRequest,
  schema: ExposedSchema,
  session: QuerySession,
): Promise<ApiResponse> {
  const { resource } = request;
  if (resource.kind === 'schema') return describeSchema(schema);
  if (resource.kind === 'routine') {
    const action = planCall(request, schema, resource.name);
    return callResponse(request, action, await runCall(action, session));
  }
  const relation = schema.relations.get(resource.name);
  if (!relation) throw tableNotFound(schema.name, resource.name);
  if (isReadLike(request)) {
    const action = planRead(request, schema, relation);
    const row = await runRead(action, session);
    return pageResponse(request, action.plan, row, action.format, 'read');
  }
  const action =
    request.method === 'POST'
      ? planInsert(request, schema, relation)
      : request.method === 'PATCH'
        ? planUpdate(request, schema, relation)
        : planDelete(request, schema, relation);
  if (action.kind === 'update' && action.columns.length === 0) return unchangedResponse(action);
  return writeResponse(request, action, await runWrite(action, session));
}
