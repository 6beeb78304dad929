import type { ComponentType, LazyExoticComponent } from 'react';
import { preloadableLazy } from '@/lib/preloadableLazy';

/**
 * A page module: the page, and optionally what must be loaded before the page is hydrated (code or
 * data its own lazy parts need for the given path).
 */
type PageModule = {
  default: ComponentType;
  prepareForHydration?: (pathname: string) => Promise<unknown>;
  /**
   * Starts the page's first queries for `userId` as soon as the session names the user, while the
   * guard still waits for the sign-in's assurance level.
   */
  prefetchForUser?: (userId: string) => void;
};

// Every page is found through this glob so that each becomes its own chunk and the build can map a
// route to its chunk by source path (the key Vite's manifest uses).
const pageModules = import.meta.glob<PageModule>('../features/*/pages/*Page.tsx');

export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  /**
   * Loads the page's chunk and what it needs to render `pathname` at once; used before hydration,
   * so the first render needs no fallback.
   */
  preload: (pathname?: string) => Promise<unknown>;
  /** The page's source path relative to the project root, as in the Vite manifest. */
  source: string;
  /** The page's prefetchForUser, once its chunk has loaded (nothing before, or without one). */
  prefetchForUser: (userId: string) => void;
}

/** A page from src/features/<feature>/pages/<Name>Page.tsx, named as "<feature>/<Name>Page". */
export function lazyPage(name: `${string}/${string}Page`): LazyPage {
  const load = pageModules[`../features/${name.replace('/', '/pages/')}.tsx`];
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
    source: `src/features/${name.replace('/', '/pages/')}.tsx`,
    prefetchForUser: (userId) => module?.prefetchForUser?.(userId),
  };
}
