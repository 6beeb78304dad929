import { HttpError, type ServiceDeps, type ServiceHandler } from '../http/types';
import { fromDatabaseError, restError, tableNotFound } from './errors';
import { describeSchema } from './openapi';
import { readRelation } from './read-handler';
import { checkProfile, parsePreferences } from './preferences';
import type { RequestContext } from './request-context';
import { roleForBearer } from './request-role';
import { callRoutine } from './rpc-handler';
import { loadSchemaCache } from './schema-cache';
import { listenForSchemaReloads } from './schema-listener';
import { deleteRows, insertRows, updateRows } from './write-handler';

export interface RestService {
  handler: ServiceHandler;
  /** Re-reads tables, columns, relationships and functions (after migrations). */
  reloadSchema(): Promise<void>;
  close(): Promise<void>;
}

/** /rest/v1: the PostgREST subset supabase-js produces. */
export async function createRestService(deps: ServiceDeps): Promise<RestService> {
  const { pool, config, log } = deps;
  let cache = await loadSchemaCache(pool);

  let queued: Promise<void> | undefined;
  let running: Promise<void> = Promise.resolve();
  const reloadSchema = (): Promise<void> => {
    if (queued) return queued;
    const next = running.then(async () => {
      queued = undefined;
      cache = await loadSchemaCache(pool);
    });
    queued = next;
    running = next.catch(() => undefined);
    return next;
  };
  const listener = await listenForSchemaReloads(
    pool,
    () => void reloadSchema().catch((error) => log.error('rest: schema reload failed', error)),
    log,
  );

  const handler: ServiceHandler = async (request) => {
    const method = request.method.toUpperCase();
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
      throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    checkProfile(request);
    const segments = pathSegments(request.path);
    const schema = cache;
    const role = await roleForBearer(request.bearer, schema.roles);
    const context: RequestContext = {
      request,
      method,
      schema,
      role,
      pool,
      maxRows: config.maxRows,
      preferences: parsePreferences(request),
    };

    try {
      if (segments.length === 0) return describeSchema(schema);
      const [first, second] = segments;
      if (first === 'rpc' && second !== undefined && segments.length === 2) {
        return await callRoutine(context, second);
      }
      if (segments.length !== 1 || first === undefined) {
        throw restError(404, 'PGRST125', `Invalid path specified in request URL`);
      }
      const relation = schema.relations.get(first);
      if (!relation) throw tableNotFound(first);
      if (method === 'GET' || method === 'HEAD') return await readRelation(context, relation);
      if (method === 'POST') return await insertRows(context, relation);
      if (method === 'PATCH') return await updateRows(context, relation);
      return await deleteRows(context, relation);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const lost = connectionLost(error);
      if (lost) throw lost;
      const mapped = fromDatabaseError(error, role.anonymous);
      if (mapped) throw mapped;
      throw error;
    }
  };

  return {
    handler,
    reloadSchema,
    close: async () => {
      await listener.close();
    },
  };
}

function pathSegments(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

const connectionErrorCodes = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'];

/**
 * A lost or refused database connection, answered 503 as PostgREST answers it: a connection it
 * could not open is PGRST000, one that broke under a query PGRST001 (both with the driver's message
 * as details), and the server's own "terminating connection" errors (57P01 admin shutdown, 57P02
 * crash of another server process) keep their SQLSTATE and message. 57P03 ("the database system is
 * starting up") only happens while connecting. The pool replaces the broken connection by itself.
 */
function connectionLost(error: unknown): HttpError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED' || code === '57P03') {
    return restError(
      503,
      'PGRST000',
      'Database connection error. Retrying the connection.',
      error.message,
    );
  }
  if (code === '57P01' || code === '57P02') {
    return restError(503, code, error.message);
  }
  if (
    (typeof code === 'string' && connectionErrorCodes.includes(code)) ||
    /^Connection terminated|not queryable|Client was closed/.test(error.message)
  ) {
    return restError(
      503,
      'PGRST001',
      'Database client error. Retrying the connection.',
      error.message,
    );
  }
  return undefined;
}
