import { HttpError } from '../http/types';

/**
 * auth-js reads `code` only when the response carries this header (otherwise `error_code`), so every
 * error sends it and both fields.
 */
const apiVersionHeader = { 'X-Supabase-Api-Version': '2024-01-01' };

/** A GoTrue error: `{code, error_code, msg, message}` plus any extra fields. */
export function authError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(
    status,
    { code, error_code: code, msg: message, message, ...extra },
    { ...apiVersionHeader, ...headers },
  );
}

export const validationFailed = (message: string) => authError(400, 'validation_failed', message);

/** A request refused before GoTrue would have read it (over the gateway's limits). */
export const authRefusal = (status: number, message: string) =>
  authError(status, 'validation_failed', message);

export const badJson = (message: string) => authError(400, 'bad_json', message);

export const invalidCredentials = () =>
  authError(400, 'invalid_credentials', 'Invalid login credentials');

export const otpExpired = () => authError(403, 'otp_expired', 'Token has expired or is invalid');

export const unexpectedFailure = () =>
  authError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
  );

/** A GoTrue feature the local backend does not provide: 501, never a 404 that looks like a bug. */
export const notImplemented = (feature: string) =>
  authError(501, 'not_implemented', `${feature} is not supported by the local backend`);
