/** Each credential's requests a minute, counted by the database (lrs_admit); over the limit, 429. */
import type { LrsCredential } from './credentials.ts';
import { databaseError, lrsDatabase } from './database.ts';
import { XapiError } from './http.ts';

export async function admit(credential: LrsCredential): Promise<void> {
  const { data, error } = await lrsDatabase()
    .rpc('lrs_admit', { credential: credential.clientId })
    .single<{ admitted: boolean; request_limit: number; retry_after: number | null }>();
  if (error) throw databaseError(error);
  if (data.admitted) return;
  const wait = data.retry_after ?? 60;
  throw new XapiError(
    429,
    `Too many requests: these credentials may make ${data.request_limit} a minute. Try again in ${wait} seconds.`,
    { 'Retry-After': String(wait) },
  );
}
