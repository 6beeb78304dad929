import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { verifyJwt } from '../jwt';
import {
  HttpError,
  type ApiRequest,
  type ApiResponse,
  type ServiceDeps,
  type ServiceHandler,
} from '../http/types';
import { functionEnvironment } from './env';
import { sourceFingerprint } from './fingerprint';
import {
  FunctionWorker,
  WorkerBootError,
  WorkerCrashError,
  WorkerTimeoutError,
  type WorkerSpec,
} from './worker';

export interface FunctionsService {
  handler: ServiceHandler;
  close(): Promise<void>;
}

export interface FunctionsOptions {
  /** How long a function may take to start or to answer one request (default 30 s). */
  timeoutMs?: number;
}

// The Supabase CLI's rule, which also keeps `_shared/` from being a function.
const functionName = /^[A-Za-z][A-Za-z0-9_-]*$/;
const entrypointNames = ['index.ts', 'index.js', 'index.mjs', 'index.jsx', 'index.tsx'];
/**
 * The folder whose node_modules holds the backend's own dependencies (the workspace root when they
 * are hoisted): it serves functions' npm: imports when the project has no node_modules.
 */
function backendPackagesRoot(): string {
  const denoPackage = createRequire(import.meta.url).resolve('deno/package.json');
  return dirname(dirname(dirname(denoPackage)));
}

interface WorkerSlot {
  fingerprint: string;
  worker: Promise<FunctionWorker>;
}

/**
 * /functions/v1/<name>[/<subpath>]: supabase/functions/<name> under the Deno runtime, one warm worker
 * per function, restarted when it crashes, times out or its sources change.
 */
export async function createFunctionsService(
  deps: ServiceDeps & { mailboxUrl: string },
  options: FunctionsOptions = {},
): Promise<FunctionsService> {
  const { config, log } = deps;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const functionsDir = join(config.supabaseDir, 'functions');
  const packageRoot = existsSync(join(config.projectRoot, 'node_modules'))
    ? config.projectRoot
    : backendPackagesRoot();
  const denoDir = join(config.projectRoot, '.local-backend', 'deno');
  const slots = new Map<string, WorkerSlot>();
  let closed = false;

  const specFor = async (name: string, entrypoint: string): Promise<WorkerSpec> => ({
    name,
    entrypoint,
    // config.toml's import_map wins, as in the Supabase CLI; then the function's own deno.json, then
    // the shared import_map.json.
    importMap: [
      config.functionsImportMap[name],
      join(functionsDir, name, 'deno.json'),
      join(functionsDir, 'import_map.json'),
    ].find((path) => path !== undefined && existsSync(path)),
    env: await functionEnvironment(config, deps.mailboxUrl, log),
    packageRoot,
    denoDir,
    log,
  });

  const workerFor = async (name: string, entrypoint: string): Promise<FunctionWorker> => {
    const fingerprint = await sourceFingerprint(functionsDir);
    const current = slots.get(name);
    if (current?.fingerprint === fingerprint) {
      const worker = await current.worker;
      if (worker.alive) return worker;
    }
    // Another request may have replaced the worker while this one waited.
    const latest = slots.get(name);
    if (latest && latest !== current) return latest.worker;
    if (current) {
      void current.worker.then(
        (stale) => stale.stop(),
        () => undefined,
      );
    }

    const slot: WorkerSlot = {
      fingerprint,
      worker: specFor(name, entrypoint).then((spec) => FunctionWorker.start(spec, timeoutMs)),
    };
    slots.set(name, slot);
    slot.worker.catch(() => {
      if (slots.get(name) === slot) slots.delete(name);
    });
    return slot.worker;
  };

  const handler: ServiceHandler = async (request) => {
    if (closed) throw new HttpError(503, { message: 'The functions service is shutting down' });
    const [, name = '', subpath = ''] = /^\/([^/]+)(\/.*)?$/.exec(request.path) ?? [];
    const entrypoint = functionName.test(name) ? findEntrypoint(functionsDir, name) : undefined;
    if (!entrypoint) throw new HttpError(404, { code: 'NOT_FOUND', message: 'Function not found' });
    // Browsers send preflights without credentials; the relay lets them through to the function.
    if (request.method !== 'OPTIONS' && (config.functionsVerifyJwt[name] ?? true)) {
      await requireJwt(request);
    }

    let worker: FunctionWorker | undefined;
    try {
      worker = await workerFor(name, entrypoint);
      const response = await worker.proxy(
        {
          method: request.method,
          pathAndQuery: `/${name}${subpath}${request.url.search}`,
          headers: forwardedHeaders(request),
          body: request.body,
        },
        timeoutMs,
      );
      return { status: response.status, headers: response.headers, raw: response.body };
    } catch (error) {
      // A hung or dead worker is replaced on the next request.
      if (error instanceof WorkerTimeoutError || error instanceof WorkerCrashError) {
        void worker?.stop();
      }
      return failure(name, error, log);
    }
  };

  return {
    handler,
    close: async () => {
      closed = true;
      const running = [...slots.values()];
      slots.clear();
      await Promise.all(
        running.map((slot) =>
          slot.worker.then(
            (worker) => worker.stop(),
            () => undefined,
          ),
        ),
      );
    },
  };
}

function findEntrypoint(functionsDir: string, name: string): string | undefined {
  const folder = join(functionsDir, name);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return undefined;
  return entrypointNames.map((file) => join(folder, file)).find((path) => existsSync(path));
}

/** verify_jwt, as the edge runtime's gateway checks it before the function runs. */
async function requireJwt(request: ApiRequest): Promise<void> {
  if (!request.bearer) throw new HttpError(401, { msg: 'Error: Missing authorization header' });
  const result = await verifyJwt(request.bearer);
  if (!result.ok) throw new HttpError(401, { msg: 'Invalid JWT' });
}

/** The request as the gateway passes it on: with the apikey mapped to a bearer token. */
function forwardedHeaders(request: ApiRequest): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...request.headers };
  const authorization = headers.authorization;
  if (request.bearer && (!authorization || authorization.startsWith('Bearer sb_'))) {
    headers.authorization = `Bearer ${request.bearer}`;
  }
  // As the hosted platform's proxies: X-Forwarded-For gets the connection's address appended to
  // whatever the client sent; CF-Connecting-IP is that address alone, whatever the client sent.
  const forwardedFor = request.headers['x-forwarded-for'];
  const sent = Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor;
  headers['x-forwarded-for'] = sent ? `${sent}, ${request.ip}` : request.ip;
  headers['cf-connecting-ip'] = request.ip;
  return headers;
}

function failure(name: string, error: unknown, log: ServiceDeps['log']): ApiResponse {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof WorkerTimeoutError) {
    return { status: 504, body: { code: 'WORKER_TIMEOUT', message: detail } };
  }
  if (error instanceof WorkerBootError) {
    log.error(`function ${name} failed to start: ${detail}`);
    return {
      status: 500,
      body: { code: 'BOOT_ERROR', message: 'The function failed to start', error: detail },
    };
  }
  if (error instanceof WorkerCrashError) {
    log.error(`function ${name} crashed: ${detail}`);
    return {
      status: 500,
      body: { code: 'WORKER_ERROR', message: "The function's worker crashed", error: detail },
    };
  }
  throw error;
}
