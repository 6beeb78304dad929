/**
 * One pg_net request sent as pg_net's libcurl would send it, and its outcome as pg_net records it
 * in net._http_response.
 */
import { pgNetStandIn } from './pg-net';

/** A row of net.http_request_queue, as the worker reads it. */
export interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
}

/** One row of net._http_response, as pg_net fills it. */
export interface RequestOutcome {
  statusCode: number | null;
  contentType: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timedOut: boolean;
  errorMessage: string | null;
}

/**
 * Sends one queued request as pg_net's libcurl would (redirects followed, http and https only,
 * the whole exchange within timeout_milliseconds, 0 for none) and describes the outcome with
 * libcurl's messages for the failures that matter.
 */
export async function sendRequest(
  request: Pick<QueuedRequest, 'method' | 'url' | 'headers' | 'body' | 'timeout_milliseconds'>,
  stopSignal?: AbortSignal,
): Promise<RequestOutcome> {
  const failure = (errorMessage: string, timedOut = false): RequestOutcome => ({
    statusCode: null,
    contentType: null,
    headers: null,
    content: null,
    timedOut,
    errorMessage,
  });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failure('URL using bad/illegal format or missing URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failure('Unsupported protocol');

  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value === null) continue;
      headers.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  } catch (error) {
    return failure(messageOf(error));
  }
  if (request.headers !== null && !headers.has('user-agent')) {
    headers.set('User-Agent', `pg_net/${pgNetStandIn.version}`);
  }

  const method = request.method.toUpperCase();
  const timeout =
    request.timeout_milliseconds > 0
      ? AbortSignal.timeout(request.timeout_milliseconds)
      : undefined;
  const signals = [timeout, stopSignal].filter((signal) => signal !== undefined);
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method,
      headers,
      // fetch refuses a GET with a body; pg_net's http_get never queues one.
      body: method === 'GET' || request.body === null ? undefined : new Uint8Array(request.body),
      redirect: 'follow',
      signal: signals.length ? AbortSignal.any(signals) : undefined,
    });
    const text = await response.text();
    // Postgres text cannot hold NUL; pg_net keeps what comes before it.
    const content = text.split('\0', 1)[0] ?? '';
    return {
      statusCode: response.status,
      contentType: response.headers.get('content-type'),
      headers: Object.fromEntries(response.headers),
      content: content === '' ? null : content,
      timedOut: false,
      errorMessage: null,
    };
  } catch (error) {
    if (timeout?.aborted) {
      const total = performance.now() - started;
      return failure(
        `Timeout of ${request.timeout_milliseconds} ms reached. Total time: ${total.toFixed(6)} ms`,
        true,
      );
    }
    return failure(curlMessage(error));
  }
}

/** libcurl's wording (what pg_net records) for the network failures Node reports by code. */
function curlMessage(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return "Couldn't connect to server";
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return "Couldn't resolve host name";
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') {
    return 'Failure when receiving data from the peer';
  }
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return 'SSL peer certificate or SSH remote key was not OK';
  }
  return messageOf(cause);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
