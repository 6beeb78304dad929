import type { AppSupabaseClient } from './supabase';

let loaded: AppSupabaseClient | undefined;

/**
 * The Supabase client, loaded on first use: visitors who never sign in do not download it. Every
 * module reaches the client through this function (reads may go through ./loadReader.ts).
 */
export async function loadSupabase(): Promise<AppSupabaseClient> {
  const { supabase } = await import('./supabase');
  loaded = supabase;
  return supabase;
}

/** The client if it has already loaded. */
export function loadedSupabase(): AppSupabaseClient | undefined {
  return loaded;
}
