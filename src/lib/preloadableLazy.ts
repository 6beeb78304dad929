import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PreloadableLazy<Props> {
  Component: LazyExoticComponent<ComponentType<Props>>;
  /** Loads the code; once it has loaded, the component renders without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy that can be loaded ahead of rendering. Loaded before hydration, a component renders
 * at once (React.lazy accepts a thenable, and this one resolves synchronously), so hydration
 * completes in one pass: hydration left waiting would turn into client rendering, fallback
 * included, as soon as the signed-in header updated.
 */
export function preloadableLazy<Props>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): PreloadableLazy<Props> {
  let loaded: { default: ComponentType<Props> } | undefined;
  const preload = async () => (loaded ??= await load());
  return {
    Component: lazy(() =>
      loaded ? (resolvedThenable(loaded) as Promise<{ default: ComponentType<Props> }>) : preload(),
    ),
    preload,
  };
}

function resolvedThenable<T>(value: T): PromiseLike<T> {
  return {
    then: <Result>(onFulfilled?: ((value: T) => Result | PromiseLike<Result>) | null) =>
      resolvedThenable(onFulfilled ? (onFulfilled(value) as Result) : (value as unknown as Result)),
  } as PromiseLike<T>;
}
