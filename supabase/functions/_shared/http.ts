/** Responses every function shares: CORS for the browser app, JSON bodies, {error} on failure. */
import { corsHeaders as supabaseCorsHeaders } from '@supabase/supabase-js/cors';
import { functionNameOf, reportFunctionError } from './error-reporting.ts';

// supabase-js's own list of the headers its clients send, so a new one never breaks a preflight;
// these functions answer POST only.
export const corsHeaders: Record<string, string> = {
  ...supabaseCorsHeaders,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: corsHeaders });
}

/**
 * Wraps a POST handler: answers the CORS preflight, refuses other methods, and turns every failure
 * into `{error: message}` with its status (500 for the unexpected, without internals). Failures of
 * 500 and above are the team's to hear about: reported (./error-reporting.ts) when that is on.
 */
export function handle(
  handler: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (request.method !== 'POST') return json({ error: 'Use POST' }, 405);
    try {
      return await handler(request);
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status >= 500) {
          console.error(error.message);
          await reportFunctionError(functionNameOf(request), error);
        }
        return json({ error: error.message }, error.status);
      }
      console.error(error);
      await reportFunctionError(functionNameOf(request), error);
      return json({ error: 'Something went wrong. Please try again.' }, 500);
    }
  };
}
