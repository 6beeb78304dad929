import { authStorageKey } from '@/lib/authStorageKey';
import { loadSupabase } from '@/lib/loadSupabase';
import { logger } from '@/lib/logger';
import type { PageQueries } from './lazyPage';

/**
 * Starts a portal page's first queries for the stored session while the page's code is still on
 * its way: the entry (./main.tsx) calls this with the page's queries module, which the build names
 * in the head (`data-first-queries`). It needs supabase-js and that small module only, not the app,
 * so on a slow connection the answer is in by the time the page has rendered. The page's own
 * queries then find it in the cache; if anything here fails they simply ask again.
 */
export async function startFirstQueries(queriesModule: string): Promise<void> {
  try {
    if (window.localStorage.getItem(authStorageKey) === null) return;
    const [supabase, queries] = await Promise.all([
      loadSupabase(),
      import(/* @vite-ignore */ queriesModule) as Promise<PageQueries>,
    ]);
    // The stored session, refreshed first if it has expired; the same lookup the page's own
    // session restore makes (supabase-js holds one lock across both).
    const { data } = await supabase.auth.getSession();
    const userId = data.session?.user.id;
    if (userId) queries.prefetchForUser(userId);
  } catch (error) {
    logger.warn("Could not start the page's first queries early:", error);
  }
}
