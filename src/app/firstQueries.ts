import { authStorageKey } from '@/lib/authStorageKey';
import { loadSupabase } from '@/lib/loadSupabase';
import { logger } from '@/lib/logger';
import { storedSession } from '@/lib/storedSession';
import type { PageQueries } from './lazyPage';

/**
 * A portal page's first queries, started for the stored session while the page's code is still on
 * its way. scripts/build.ts names the page's queries module in its head (`data-first-queries`) and
 * loads this entry after it as an async module script: it runs as soon as it has arrived, not after
 * the stylesheet and the page entry (./main.tsx) as a deferred script would. While the stored
 * access token is good, the queries need neither the app nor supabase-js (src/lib/loadReader.ts),
 * so on a slow connection the answer is in by the time the page has rendered. The page's own
 * queries then find it in the cache; if anything here fails they simply ask again.
 */
async function startFirstQueries(queriesModule: string): Promise<void> {
  try {
    if (window.localStorage.getItem(authStorageKey) === null) return;
    const queries = import(/* @vite-ignore */ queriesModule) as Promise<PageQueries>;
    // An expired token is refreshed first: the same lookup the page's own session restore makes
    // (supabase-js holds one lock across both).
    const userId =
      storedSession()?.userId ??
      (await (await loadSupabase()).auth.getSession()).data.session?.user.id;
    if (userId) (await queries).prefetchForUser(userId);
  } catch (error) {
    logger.warn("Could not start the page's first queries early:", error);
  }
}

// The link precedes this script in the head, so the parser has read it by the time this runs.
const queriesModule = document.querySelector('link[data-first-queries]')?.getAttribute('href');
if (queriesModule) void startFirstQueries(queriesModule);
