import type { AppSupabaseClient } from './supabase';

/**
 * The Supabase client, loaded on first use: visitors who never sign in do not download it. Every
 * module reaches the client through this function.
 */
export async function loadSupabase(): Promise<AppSupabaseClient> {
  const { supabase } = await import('./supabase');
  return supabase;
}
