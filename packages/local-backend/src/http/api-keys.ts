import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from '../keys';
import { HttpError } from './types';

/** How the API gateway (and the realtime socket behind it) treats a request's `apikey`. */
export interface ApiKeyPolicy {
  /**
   * When the legacy anon and service_role JWT keys stopped being accepted as API keys, as a hosted
   * project's "Disable legacy API keys" does; undefined while they work (the default).
   */
  legacyKeysDisabledAt?: Date;
}

export function apiKeyPolicy(options: { disableLegacyApiKeys: boolean }): ApiKeyPolicy {
  return options.disableLegacyApiKeys ? { legacyKeysDisabledAt: new Date() } : {};
}

/**
 * The CLI gateway's mapping: the opaque secret and publishable keys stand for the service_role and
 * anon JWTs; a legacy JWT key is the token itself.
 */
export function tokenForApiKey(apikey: string): string {
  if (apikey === LOCAL_SECRET_KEY) return LOCAL_SERVICE_ROLE_KEY;
  if (apikey === LOCAL_PUBLISHABLE_KEY) return LOCAL_ANON_KEY;
  return apikey;
}

/**
 * An `Authorization: Bearer sb_…` header carries an API key, not a user's token: supabase-js sends
 * its key there when nobody is signed in, and the gateway then decides by the `apikey` alone.
 */
export function userToken(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith('Bearer ') || authorization.startsWith('Bearer sb_')) {
    return undefined;
  }
  return authorization.slice('Bearer '.length).trim() || undefined;
}

/**
 * Hosted Supabase tells browsers apart by the User-Agent alone, and every browser's begins with
 * `Mozilla/` (so do a few tools that pose as one; hosted refuses those too).
 */
function fromBrowser(userAgent: string | undefined): boolean {
  return /^\s*Mozilla\//i.test(userAgent ?? '');
}

const jwtShape = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * The refusal hosted Supabase's gateway answers before any service sees the request, if any: a
 * secret key sent by a browser, or a legacy JWT key once legacy keys are disabled. Both are 401
 * with `{message, hint}` in hosted's words.
 */
export function apiKeyRefusal(
  apikey: string | undefined,
  userAgent: string | undefined,
  policy: ApiKeyPolicy,
): HttpError | undefined {
  if (!apikey) return undefined;
  if (apikey.startsWith('sb_secret_') && fromBrowser(userAgent)) {
    return new HttpError(
      401,
      {
        message: 'Forbidden use of secret API key in browser',
        hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
      },
      { 'sb-error-code': 'UNAUTHORIZED_INVALID_API_KEY_TYPE' },
    );
  }
  if (policy.legacyKeysDisabledAt && jwtShape.test(apikey)) {
    return new HttpError(401, {
      message: 'Legacy API keys are disabled',
      hint: `Your legacy API keys (anon, service_role) were disabled on ${postgresTimestamp(policy.legacyKeysDisabledAt)}. Re-enable them in the Supabase dashboard, or use the new publishable and secret API keys.`,
    });
  }
  return undefined;
}

/** A moment as hosted writes it in that hint: microseconds and a +00:00 offset. */
function postgresTimestamp(moment: Date): string {
  return moment.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}
