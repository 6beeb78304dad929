import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };

// Every page is found through this glob so that each becomes its own chunk and the build can map a
// route to its chunk by source path (the key Vite's manifest uses).
const pageModules = import.meta.glob<PageModule>('../features/*/pages/*Page.tsx');

export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts loading the page's chunk; used before hydration so the first render needs no fallback. */
  preload: () => Promise<PageModule>;
  /** The page's source path relative to the project root, as in the Vite manifest. */
  source: string;
}

/** A page from src/features/<feature>/pages/<Name>Page.tsx, named as "<feature>/<Name>Page". */
export function lazyPage(name: `${string}/${string}Page`): LazyPage {
  const load = pageModules[`../features/${name.replace('/', '/pages/')}.tsx`];
  if (!load) throw new Error(`No page module for "${name}" in src/features/*/pages/`);
  return {
    Component: lazy(load),
    preload: load,
    source: `src/features/${name.replace('/', '/pages/')}.tsx`,
  };
}
