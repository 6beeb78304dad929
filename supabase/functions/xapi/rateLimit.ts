/**
 * Each credential's requests a minute, counted by the database (lrs_admit; lrs_authenticate counts a
 * Basic credential in the same call); over the limit, 429 with Retry-After.
 */
import { databaseError, lrsDatabase } from './database.ts';
import { XapiError } from './http.ts';

export interface Admission {
  admitted: boolean;
  request_limit: number;
  retry_after: number | null;
}

export function refuseOverLimit(admission: Admission): void {
  if (admission.admitted) return;
  const wait = admission.retry_after ?? 60;
  throw new XapiError(
    429,
    `Too many requests: these credentials may make ${admission.request_limit} a minute. Try again in ${wait} seconds.`,
    { 'Retry-After': String(wait) },
  );
}

/** Counts a request of a credential that lrs_authenticate did not count (a signed-in user's). */
export async function admit(credentialId: string): Promise<void> {
  const { data, error } = await lrsDatabase()
    .rpc('lrs_admit', { credential: credentialId })
    .single<Admission>();
  if (error) throw databaseError(error);
  refuseOverLimit(data);
}
