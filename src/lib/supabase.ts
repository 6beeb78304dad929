import { createClient } from '@supabase/supabase-js';
import { authStorageKey } from './authStorageKey';
import { env } from './env';
import type { Database } from './database.types';

/**
 * The app's one Supabase client. Code on a page's first view reaches it through `loadSupabase()`
 * (src/lib/loadSupabase.ts), so the library stays out of pages that do not need it; modules that are
 * themselves loaded on demand may import it directly.
 */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  auth: {
    storageKey: authStorageKey,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
  },
});

export type AppSupabaseClient = typeof supabase;
