/** The LRS's database calls: the public.lrs_* functions, with the secret key (service_role only). */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { secretKey } from '../_shared/keys.ts';
import { requiredSetting } from '../_shared/settings.ts';
import { XapiError } from './http.ts';

let client: SupabaseClient | undefined;

export function lrsDatabase(): SupabaseClient {
  client ??= createClient(requiredSetting('SUPABASE_URL'), secretKey(), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return client;
}

// SQLSTATEs the functions raise on purpose, or that a malformed value raises in a cast or a check.
const statusByCode: Record<string, number> = {
  PT401: 401,
  '42501': 403,
  PT404: 404,
  PT409: 409,
  PT412: 412,
  // Two requests storing one new id at once: the second finds the first's row on commit.
  '23505': 409,
  '22023': 400,
  '22P02': 400,
  '22P05': 400,
  '22007': 400,
  '22008': 400,
  '23514': 400,
  // Two transactions waiting on each other, or a serialisation failure: the request may be retried.
  '40P01': 503,
  '40001': 503,
};

/** A failed call as the xAPI status its SQLSTATE stands for; anything else is the LRS's fault. */
export function databaseError(error: { code?: string; message: string }): XapiError {
  const status = statusByCode[error.code ?? ''];
  if (status === undefined) return new XapiError(500, `LRS database call failed: ${error.message}`);
  return new XapiError(status, error.message, status === 503 ? { 'Retry-After': '1' } : {});
}
