import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from './database.types';
import { env } from './env';
import { loadedSupabase, loadSupabase } from './loadSupabase';
import { storedSession } from './storedSession';
import type { AppSupabaseClient } from './supabase';

/** What a read needs of the client: its tables and views. */
export type Reader = Pick<AppSupabaseClient, 'from'>;

/**
 * The client a page's reads run on. supabase-js once it has loaded. Before that, on a signed-in
 * page's first view, a PostgREST client (a small part of supabase-js) on the stored session's
 * access token: the page's first queries then start as soon as their own modules have arrived,
 * rather than after the auth library, which is most of the bytes on the way. PostgREST checks the
 * token exactly as it does for supabase-js.
 */
export async function loadReader(): Promise<Reader> {
  const client = loadedSupabase();
  if (client) return client;
  const session = storedSession();
  if (!session) return loadSupabase();
  return new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
    headers: {
      apikey: env.supabasePublishableKey,
      Authorization: `Bearer ${session.accessToken}`,
    },
  }) as Reader;
}
