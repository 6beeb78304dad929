import type { ApiRequest } from '../http/types';
import type { AuthContext } from '../auth/context';
import { requireAdmin } from '../auth/admin-access';
import { authError, badJson } from '../auth/errors';
import { jsonBody } from '../auth/request';
import { CAPTCHA_PREFIX } from './service';

/** The POST endpoints GoTrue puts behind its captcha check (internal/api/api.go). */
const guardedPaths = new Set([
  '/signup',
  '/recover',
  '/resend',
  '/magiclink',
  '/otp',
  '/token',
  '/sso',
]);

/** Token grants GoTrue lets through unchecked: they continue a sign-in that already passed. */
const exemptGrants = new Set(['pkce', 'refresh_token', 'id_token']);

/** GoTrue's limit on a captcha verification (its default CAPTCHA timeout). */
const VERIFY_TIMEOUT_MS = 10_000;

interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
}

/** Whether GoTrue would check this request's captcha token when captcha is enabled. */
export function captchaGuarded(request: ApiRequest): boolean {
  if (request.method !== 'POST' || !guardedPaths.has(request.path)) return false;
  if (request.path !== '/token') return true;
  // GoTrue reads grant_type as a form value: the query, or a form-encoded body.
  const grantType =
    request.url.searchParams.get('grant_type') ??
    (String(request.headers['content-type'] ?? '').includes('x-www-form-urlencoded')
      ? new URLSearchParams(request.body.toString('utf8')).get('grant_type')
      : null);
  return !exemptGrants.has(grantType ?? '');
}

/**
 * GoTrue's verifyCaptcha: when captcha is enabled, a request without an admin's token must carry
 * `gotrue_meta_security.captcha_token`, which siteverify must pass (spending it). The token goes to
 * this backend's own siteverify, form-encoded with the secret and the client's address, as GoTrue
 * sends it to Cloudflare.
 */
export async function verifyCaptcha(context: AuthContext, request: ApiRequest): Promise<void> {
  const captcha = context.settings.captcha;
  if (!captcha.enabled || !captchaGuarded(request)) return;
  if (await isAdmin(context, request)) return;

  const token = captchaToken(jsonBody(request));
  if (token === '') {
    throw authError(
      400,
      'captcha_failed',
      'captcha protection: request disallowed (no captcha_token found)',
    );
  }

  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(new URL(`${CAPTCHA_PREFIX}/siteverify`, context.externalUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        secret: captcha.secret.trim(),
        response: token,
        remoteip: context.limits.clientAddress(request),
      }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    answer = (await response.json()) as SiteverifyAnswer;
  } catch (error) {
    context.log.error('captcha verification failed', error);
    throw authError(500, 'unexpected_failure', 'captcha verification process failed');
  }
  if (answer.success !== true) {
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
    throw authError(
      400,
      'captcha_failed',
      `captcha protection: request disallowed (${codes.map(String).join(', ')})`,
    );
  }
}

/** The service_role key (or any admin token) skips the check, as in GoTrue. */
async function isAdmin(context: AuthContext, request: ApiRequest): Promise<boolean> {
  try {
    await requireAdmin(context, request);
    return true;
  } catch {
    return false;
  }
}

/** `gotrue_meta_security.captcha_token`, trimmed; a field of another type is bad JSON to GoTrue. */
function captchaToken(fields: Record<string, unknown>): string {
  const security = fields.gotrue_meta_security;
  if (security === undefined || security === null) return '';
  if (typeof security !== 'object' || Array.isArray(security)) {
    throw badJson('Could not parse request body as JSON');
  }
  const token = (security as Record<string, unknown>).captcha_token;
  if (token === undefined || token === null) return '';
  if (typeof token !== 'string') throw badJson('Could not parse request body as JSON');
  return token.trim();
}
