import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import type { BackendConfig } from '../config';

export interface ApiRequest {
  method: string;
  /** The full request URL (search parameters included). */
  url: URL;
  /** The path below the service's prefix: '/token' for '/auth/v1/token'. */
  path: string;
  /** Request headers, names lowercased. */
  headers: IncomingHttpHeaders;
  /** The bearer token after the gateway's apikey mapping (see gateway.ts), if any. */
  bearer: string | undefined;
  /** The raw request body (empty for GET). */
  body: Buffer;
  /** The client's address, for rate limits. */
  ip: string;
}

export interface ApiResponse {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  /** Sent as is (HTML pages, redirects with no body, empty 204s). */
  raw?: string | Buffer;
}

export type ServiceHandler = (request: ApiRequest) => Promise<ApiResponse>;

/** A failure a service answers with: its status, JSON body and any extra headers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? body.msg ?? body.error_description ?? `HTTP ${status}`));
  }
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: string }>;
}

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/** What every service gets: the database, the configuration, the mailbox and a logger. */
export interface ServiceDeps {
  pool: pg.Pool;
  config: BackendConfig;
  mailer: Mailer;
  log: Logger;
}

/** Parses a JSON request body, answering 400 with `message` for anything that is not JSON. */
export function readJson<T = unknown>(
  request: ApiRequest,
  badRequest: (message: string) => HttpError,
): T {
  if (request.body.length === 0) return {} as T;
  try {
    return JSON.parse(request.body.toString('utf8')) as T;
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
}
