import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiKeyRefusal, tokenForApiKey, userToken, type ApiKeyPolicy } from './api-keys';
import { refusalsByPrefix, type Refuse } from './refusals';
import {
  HttpError,
  type ApiRequest,
  type ApiResponse,
  type Logger,
  type ServiceHandler,
} from './types';

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The longest request target (path and query) the gateway passes on; longer ones answer 431. */
export const MAX_URL_BYTES = 16 * 1024;

/**
 * How much of a refused body is still read and thrown away: a client that is still uploading then
 * sees the answer instead of a reset, and the keep-alive connection carries its next request. Past
 * this the socket is closed.
 */
const MAX_DISCARDED_BYTES = 16 * 1024 * 1024;

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
  /** Which API keys are refused before routing (a secret key from a browser always is). */
  apiKeys?: ApiKeyPolicy;
  /** The gateway's own refusals, in each service's shape (./refusals.ts); `{message}` without. */
  refuse?: Refuse;
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
  const apiKeys = options.apiKeys ?? {};
  const refuse = options.refuse ?? refusalsByPrefix({});

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
      if (Buffer.byteLength(incoming.url ?? '') > MAX_URL_BYTES) {
        discardBody(incoming);
        throw refuse(prefix, 431, `The request URL is longer than ${MAX_URL_BYTES / 1024} KB`);
      }
      const apikey = apiKeyOf(incoming, url);
      const keyRefusal = apiKeyRefusal(apikey, incoming.headers['user-agent'], apiKeys);
      if (keyRefusal) {
        discardBody(incoming);
        throw keyRefusal;
      }
      const body = await readBody(incoming, () =>
        refuse(prefix, 413, `Request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`),
      );
      const request: ApiRequest = {
        method: incoming.method ?? 'GET',
        url,
        path: url.pathname.slice(prefix.length) || '/',
        headers: incoming.headers,
        bearer: userToken(incoming.headers.authorization) ?? (apikey && tokenForApiKey(apikey)),
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

/** The request's API key: the `apikey` header, else the `apikey` query parameter. */
function apiKeyOf(incoming: IncomingMessage, url: URL): string | undefined {
  const header = incoming.headers.apikey;
  return (
    (typeof header === 'string' ? header : undefined) || url.searchParams.get('apikey') || undefined
  );
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

function readBody(incoming: IncomingMessage, tooLarge: () => HttpError): Promise<Buffer> {
  const declared = Number(incoming.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    discardBody(incoming);
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      stop();
      discardBody(incoming);
      reject(tooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      stop();
      if (!incoming.complete) reject(new Error('The client closed the request before its end'));
    };
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onError);
    incoming.once('close', onClose);
  });
}

/**
 * Reads what is left of a refused request and throws it away, up to MAX_DISCARDED_BYTES. Left unread,
 * the rest of the body would stall the connection: its next request waits behind the upload until
 * the keep-alive timeout closes it.
 */
function discardBody(incoming: IncomingMessage): void {
  if (incoming.complete) return;
  let discarded = 0;
  incoming.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) incoming.socket.destroy();
  });
  incoming.on('error', () => undefined);
  incoming.resume();
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
