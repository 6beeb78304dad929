import { HttpError, type ApiRequest, type ServiceHandler } from '../http/types';
import { CaptchaTokens } from './tokens';
import { widgetScript } from './widget-script';

/** Where the stand-in is served on the API port, as Cloudflare serves Turnstile under /turnstile/v0. */
export const CAPTCHA_PREFIX = '/captcha/v0';

/** Cloudflare refuses longer responses unread. */
const MAX_RESPONSE_LENGTH = 2048;

/**
 * The local captcha provider, in place of Cloudflare Turnstile: the widget script, the tokens it
 * hands out, and siteverify with Cloudflare's contract (which the auth service calls as GoTrue calls
 * Cloudflare). No API key is needed, as none is for Cloudflare's endpoints.
 */
export function createCaptchaService(tokens = new CaptchaTokens()): ServiceHandler {
  return async (request) => {
    const route = `${request.method} ${request.path}`;
    switch (route) {
      case 'GET /api.js':
        return {
          status: 200,
          headers: {
            'Content-Type': 'text/javascript; charset=utf-8',
            'Cache-Control': 'no-store',
          },
          raw: widgetScript,
        };
      case 'POST /token':
        assertSitekey(request);
        return { status: 200, body: { token: tokens.issue(requestHostname(request)) } };
      case 'POST /siteverify':
        return { status: 200, body: siteverify(tokens, request) };
      default:
        throw new HttpError(404, { message: `No captcha endpoint at ${route}` });
    }
  };
}

function siteverify(tokens: CaptchaTokens, request: ApiRequest): Record<string, unknown> {
  const response = verifyFields(request).get('response')?.trim() ?? '';
  if (response === '') return refused('missing-input-response');
  if (response.length > MAX_RESPONSE_LENGTH) return refused('invalid-input-response');
  const result = tokens.spend(response);
  if (!result.success) return refused(result.errorCode);
  return {
    success: true,
    'error-codes': [],
    challenge_ts: new Date(result.issuedAt).toISOString(),
    ...(result.hostname ? { hostname: result.hostname } : {}),
  };
}

const refused = (code: string) => ({ success: false, 'error-codes': [code] });

/** Cloudflare takes the fields form-encoded (as GoTrue sends them) or as JSON. */
function verifyFields(request: ApiRequest): URLSearchParams {
  const text = request.body.toString('utf8');
  if (!String(request.headers['content-type'] ?? '').includes('json')) {
    return new URLSearchParams(text);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const fields = new URLSearchParams();
    if (parsed && typeof parsed === 'object') {
      for (const [name, value] of Object.entries(parsed)) {
        if (typeof value === 'string') fields.set(name, value);
      }
    }
    return fields;
  } catch {
    return new URLSearchParams();
  }
}

/** A token is asked for a widget: JSON `{ "sitekey": string }`, as the stand-in script sends it. */
function assertSitekey(request: ApiRequest): void {
  let sitekey: unknown;
  try {
    sitekey = (JSON.parse(request.body.toString('utf8')) as { sitekey?: unknown } | null)?.sitekey;
  } catch {
    sitekey = undefined;
  }
  if (typeof sitekey !== 'string' || sitekey.trim() === '') {
    throw new HttpError(400, { message: 'Send JSON {"sitekey": "<the site key>"}' });
  }
}

/** The page's host the widget ran on, which siteverify reports as Cloudflare does. */
function requestHostname(request: ApiRequest): string | undefined {
  const header = request.headers.origin ?? request.headers.referer;
  if (typeof header !== 'string') return undefined;
  try {
    return new URL(header).hostname || undefined;
  } catch {
    return undefined;
  }
}
