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
  let loaded: PageModule | undefined;
  const preload = async () => (loaded ??= await load());
  return {
    // Once loaded, the page renders without suspending (React.lazy accepts a thenable, and this one
    // resolves at once), so hydration completes in one pass. Hydration left waiting on a page would
    // turn into client rendering, loading indicator included, if the signed-in header updated first.
    Component: lazy(() => (loaded ? (resolvedThenable(loaded) as Promise<PageModule>) : preload())),
    preload,
    source: `src/features/${name.replace('/', '/pages/')}.tsx`,
  };
}

function resolvedThenable<T>(value: T): PromiseLike<T> {
  return {
    then: <Result>(onFulfilled?: ((value: T) => Result | PromiseLike<Result>) | null) =>
      resolvedThenable(onFulfilled ? (onFulfilled(value) as Result) : (value as unknown as Result)),
  } as PromiseLike<T>;
}
