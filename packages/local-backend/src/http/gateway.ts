import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from '../keys';
import {
  HttpError,
  type ApiRequest,
  type ApiResponse,
  type Logger,
  type ServiceHandler,
} from './types';

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

const exposedHeaders = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'x-relay-error',
  'Content-Type',
  'Retry-After',
  'Content-Location',
  'Location',
];

export interface GatewayOptions {
  /**
   * Prefixes whose OPTIONS requests go to the service as they are, with no CORS headers added: the
   * hosted relay hands a function its preflights, and the function answers them itself.
   */
  servicePreflights?: string[];
}

/**
 * The API gateway in front of the services, as the Supabase CLI's gateway behaves: CORS for browsers,
 * the apikey -> Authorization mapping, a body size limit, JSON errors everywhere and routing by prefix.
 */
export function createGateway(
  routes: Record<string, ServiceHandler>,
  log: Logger,
  options: GatewayOptions = {},
) {
  const prefixes = Object.keys(routes).sort((a, b) => b.length - a.length);
  const servicePreflights = new Set(options.servicePreflights ?? []);

  return async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? '127.0.0.1'}`);
    const prefix = prefixes.find(
      (candidate) => url.pathname === candidate || url.pathname.startsWith(`${candidate}/`),
    );
    const preflightToService =
      incoming.method === 'OPTIONS' && prefix !== undefined && servicePreflights.has(prefix);
    const origin = incoming.headers.origin;
    const cors: Record<string, string> = preflightToService
      ? {}
      : {
          'Access-Control-Allow-Origin': origin ?? '*',
          'Access-Control-Expose-Headers': exposedHeaders.join(', '),
          Vary: 'Origin',
        };
    if (origin && !preflightToService) cors['Access-Control-Allow-Credentials'] = 'true';

    if (incoming.method === 'OPTIONS' && !preflightToService) {
      send(outgoing, {
        status: 200,
        headers: {
          ...cors,
          'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
          'Access-Control-Allow-Headers': incoming.headers['access-control-request-headers'] ?? '*',
          'Access-Control-Max-Age': '3600',
        },
        raw: '',
      });
      return;
    }

    try {
      if (!prefix) throw new HttpError(404, { message: 'no Route matched with those values' });
      const body = await readBody(incoming);
      const request: ApiRequest = {
        method: incoming.method ?? 'GET',
        url,
        path: url.pathname.slice(prefix.length) || '/',
        headers: incoming.headers,
        bearer: bearerFor(incoming, url),
        body,
        ip: incoming.socket.remoteAddress ?? '127.0.0.1',
      };
      const response = await (routes[prefix] as ServiceHandler)(request);
      send(outgoing, { ...response, headers: mergeHeaders(cors, response.headers) });
    } catch (error) {
      if (error instanceof HttpError) {
        send(outgoing, {
          status: error.status,
          headers: { ...cors, ...error.headers },
          body: error.body,
        });
        return;
      }
      log.error(`${incoming.method} ${url.pathname} failed`, error);
      send(outgoing, {
        status: 500,
        headers: cors,
        body: { message: 'An unexpected error occurred' },
      });
    }
  };
}

/**
 * The CLI gateway's key mapping: a user's Authorization header is kept; otherwise the apikey (header or
 * query parameter) decides: the opaque secret and publishable keys become the service_role and anon
 * JWTs, and a legacy JWT key is used as the bearer token itself.
 */
function bearerFor(incoming: IncomingMessage, url: URL): string | undefined {
  const authorization = incoming.headers.authorization;
  if (authorization?.startsWith('Bearer ') && !authorization.startsWith('Bearer sb_')) {
    return authorization.slice('Bearer '.length).trim();
  }
  const apikey =
    (incoming.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
  if (apikey === LOCAL_SECRET_KEY) return LOCAL_SERVICE_ROLE_KEY;
  if (apikey === LOCAL_PUBLISHABLE_KEY) return LOCAL_ANON_KEY;
  return apikey || undefined;
}

/** A service's headers replace the gateway's of the same name, whatever their capitalisation. */
function mergeHeaders(
  base: Record<string, string>,
  extra: Record<string, string> = {},
): Record<string, string> {
  const overridden = new Set(Object.keys(extra).map((name) => name.toLowerCase()));
  const kept = Object.entries(base).filter(([name]) => !overridden.has(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...extra };
}

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const declared = Number(incoming.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function tooLarge(): HttpError {
  return new HttpError(413, {
    message: `Request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`,
  });
}

function send(outgoing: ServerResponse, response: ApiResponse): void {
  if (outgoing.headersSent) return;
  const headers = { ...response.headers };
  let payload: string | Buffer = '';
  if (response.raw !== undefined) payload = response.raw;
  else if (response.body !== undefined) {
    payload = JSON.stringify(response.body);
    headers['Content-Type'] ??= 'application/json; charset=utf-8';
  }
  outgoing.writeHead(response.status, headers);
  outgoing.end(payload);
}
