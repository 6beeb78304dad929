import type { ServiceDeps, ServiceHandler } from '../http/types';
import type { QuerySession } from './query/session';
import { readApiRequest } from './request/api-request';
import { asHttpError } from './response/database-errors';
import { withProfileHeader } from './response/profile-header';
import { respond } from './respond';
import { openSchemaCache } from './schema-cache/live-cache';
import { exposedSchema } from './schema-cache/load';

export interface RestService {
  handler: ServiceHandler;
  /** Re-reads tables, columns, relationships and functions (after migrations). */
  reloadSchema(): Promise<void>;
  close(): Promise<void>;
}

/** /rest/v1: the PostgREST subset supabase-js produces, over the schemas of `[api] schemas`. */
export async function createRestService(deps: ServiceDeps): Promise<RestService> {
  const { pool, config, log } = deps;
  const cache = await openSchemaCache(pool, config.schemas, log);

  const handler: ServiceHandler = async (http) => {
    const current = cache.current();
    const request = await readApiRequest(http, config.schemas, current.roles);
    const session: QuerySession = {
      pool,
      request,
      roleSettings: current.roleSettings.get(request.role.role) ?? [],
      maxRows: config.maxRows,
    };
    try {
      const schema = exposedSchema(current, request.schema);
      return withProfileHeader(request, await respond(request, schema, session));
    } catch (error) {
      throw asHttpError(error, request.role.anonymous);
    }
  };

  return { handler, reloadSchema: cache.reload, close: cache.close };
}
