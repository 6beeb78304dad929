import type { ComponentType, LazyExoticComponent } from 'react';
import { logger } from '@/lib/logger';
import { preloadableLazy } from '@/lib/preloadableLazy';

/**
 * A page module: the page, and optionally what must be loaded before the page is hydrated (code or
 * data its own lazy parts need for the given path).
 */
type PageModule = {
  default: ComponentType;
  prepareForHydration?: (pathname: string) => Promise<unknown>;
};

/**
 * A portal page's first queries, in a module of their own beside the page (`<Name>Page.queries.ts`)
 * that imports no interface code: a page restoring a stored session starts them before its code has
 * loaded (./firstQueries.ts), and otherwise as soon as the session names the user, while the guard
 * still waits for the sign-in's assurance level.
 */
export type PageQueries = {
  prefetchForUser: (userId: string) => void;
};

// Every page is found through these globs so that each becomes its own chunk and the build can map
// a route to its chunks by source path (the key Vite's manifest uses).
const pageModules = import.meta.glob<PageModule>('../features/*/pages/*Page.tsx');
const queriesModules = import.meta.glob<PageQueries>('../features/*/pages/*Page.queries.ts');

export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  /**
   * Loads the page's chunk and what it needs to render `pathname` at once; used before hydration,
   * so the first render needs no fallback.
   */
  preload: (pathname?: string) => Promise<unknown>;
  /** The page's source path relative to the project root, as in the Vite manifest. */
  source: string;
  /** Starts the page's first queries for `userId` (nothing for a page without any). */
  prefetchForUser: (userId: string) => void;
}

/** A page from src/features/<feature>/pages/<Name>Page.tsx, named as "<feature>/<Name>Page". */
export function lazyPage(name: `${string}/${string}Page`): LazyPage {
  const path = `../features/${name.replace('/', '/pages/')}`;
  const load = pageModules[`${path}.tsx`];
  const loadQueries = queriesModules[`${path}.queries.ts`];
  if (!load) throw new Error(`No page module for "${name}" in src/features/*/pages/`);
  const page = preloadableLazy(async () => {
    module ??= await load();
    return module;
  });
  let module: PageModule | undefined;
  return {
    Component: page.Component,
    preload: async (pathname) => {
      await page.preload();
      if (pathname !== undefined) await module?.prepareForHydration?.(pathname);
    },
    source: `${path.replace('../', 'src/')}.tsx`,
    prefetchForUser: (userId) => {
      loadQueries?.()
        .then((queries) => queries.prefetchForUser(userId))
        .catch((error: unknown) => logger.warn("Could not start the page's first queries:", error));
    },
  };
}
