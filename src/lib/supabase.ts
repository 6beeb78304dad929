import { createClient } from '@supabase/supabase-js';
import { authStorageKey } from './authStorageKey';
import { env } from './env';
import type { Database } from './database.types';

/**
 * The app's one Supabase client. Code on a page's first view reaches it through `loadSupabase()`
 * (src/lib/loadSupabase.ts), so the library stays out of pages that do not need it; modules that are
 * themselves loaded on demand may import it directly.
 */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabasePublishableKey, {
  auth: {
    storageKey: authStorageKey,
    persistSession: true,
    autoRefreshToken: true,
    // Only a sign-in or reset link's own result: other pages use an `error` parameter of their own
    // (the unlock page's ?error=badpass), which is no failed sign-in.
    detectSessionInUrl: (_url, params) =>
      Boolean(params.access_token || params.code || params.error_description || params.error_code),
  },
});

export type AppSupabaseClient = typeof supabase;
