/** The LRS's answers: every one carries the xAPI version header and CORS; failures are {error}. */
import { corsHeaders } from './cors.ts';

export const xapiVersion = '1.0.3';

export class XapiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface Answer {
  status: number;
  body?: unknown;
  /** A body already serialised (multipart answers); sent as it is. */
  raw?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/**
 * The Response for an answer, without a body for HEAD (xAPI-Communication 1.1); `method` is the
 * one the client meant, which the alternate request syntax carries in a parameter.
 */
export function respond(request: Request, answer: Answer, method = request.method): Response {
  const headers = new Headers({
    ...corsHeaders(request),
    'X-Experience-API-Version': xapiVersion,
    ...answer.headers,
  });
  let body: string | Uint8Array<ArrayBuffer> | null = null;
  if (answer.raw !== undefined) {
    body = answer.raw;
  } else if (answer.body !== undefined) {
    body = JSON.stringify(answer.body);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  return new Response(method === 'HEAD' ? null : body, {
    status: answer.status,
    headers,
  });
}

const unexpected = 'Something went wrong in the LRS.';

/** A failure as its answer; the LRS's own faults are logged and answered without internals. */
export function failure(request: Request, error: unknown, method = request.method): Response {
  const known = error instanceof XapiError && error.status < 500;
  if (!known) console.error(error instanceof Error ? error.message : error);
  return respond(
    request,
    known
      ? { status: error.status, body: { error: error.message }, headers: error.headers }
      : { status: error instanceof XapiError ? error.status : 500, body: { error: unexpected } },
    method,
  );
}
