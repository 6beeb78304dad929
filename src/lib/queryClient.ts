import {
  MutationCache,
  MutationObserver,
  QueryCache,
  QueryClient,
  type DefaultOptions,
  type MutationOptions,
} from '@tanstack/react-query';
import { logger } from './logger';

/** What a query or mutation says about its failures: the line it is logged under. */
type FailureMeta = { errorMessage?: string };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}

/**
 * A query cache as the app configures it. Every failed read and write is logged here, once (after
 * a query's retries), so no query or mutation function logs its own failure; what the user is
 * shown is up to the screen. Tests build their caches here too, so they see the same logging.
 */
export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) =>
        logger.error(query.meta?.errorMessage ?? 'Error loading data:', error),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) =>
        logger.error(mutation.meta?.errorMessage ?? 'Error saving data:', error),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, ...overrides.queries },
      // The writes run when asked, as plain calls would, and fail when the network is down rather
      // than wait for it; marking notifications read waits (its own option).
      mutations: { networkMode: 'always', ...overrides.mutations },
    },
  });
}

/** The app's one query cache, shared by every part of the page that provides it. */
export const queryClient = createQueryClient();

/**
 * Runs a mutation on the app's cache from outside React. For the prerendered trial sign-up page,
 * which loads this module only when it files a request, so its first view carries no query library.
 */
export function runMutation<Data, Variables, OnMutateResult>(
  options: MutationOptions<Data, Error, Variables, OnMutateResult>,
  variables: Variables,
): Promise<Data> {
  const observer = new MutationObserver(queryClient, options);
  // Once settled, nothing observes the mutation any more, so the cache may collect it.
  return observer.mutate(variables).finally(() => observer.reset());
}
