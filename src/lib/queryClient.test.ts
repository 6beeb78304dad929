import { MutationObserver, mutationOptions, onlineManager } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, queryClient, runMutation } from './queryClient';

const { logError } = vi.hoisted(() => ({ logError: vi.fn() }));
vi.mock('./logger', () => ({ logger: { error: logError, warn: vi.fn() } }));

describe('the query cache', () => {
  beforeEach(() => logError.mockReset());

  it('logs a failed read once, after its retry, under the line the query names', async () => {
    // The app's retry (one) without its delay.
    const client = createQueryClient({ queries: { retryDelay: 0 } });
    const failure = new Error('unreachable');
    const queryFn = vi.fn(() => Promise.reject(failure));
    await client
      .fetchQuery({
        queryKey: ['example'],
        queryFn,
        retry: client.getDefaultOptions().queries?.retry,
        meta: { errorMessage: 'Error reading the example:' },
      })
      .catch(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(logError).toHaveBeenCalledExactlyOnceWith('Error reading the example:', failure);
  });

  it('logs a read that names no line under a general one', async () => {
    const client = createQueryClient();
    const failure = new Error('unreachable');
    await client
      .fetchQuery({ queryKey: ['example'], queryFn: () => Promise.reject(failure), retry: false })
      .catch(() => undefined);
    expect(logError).toHaveBeenCalledExactlyOnceWith('Error loading data:', failure);
  });

  it('does not log a read that was cancelled', async () => {
    const client = createQueryClient();
    const fetching = client.fetchQuery({
      queryKey: ['example'],
      queryFn: ({ signal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    });
    await client.cancelQueries({ queryKey: ['example'] });
    await expect(fetching).rejects.toThrow();
    expect(logError).not.toHaveBeenCalled();
  });

  it("logs a failed write once, before the mutation's own onError (which rolls back)", async () => {
    const client = createQueryClient();
    const failure = { code: '42501', message: 'refused' };
    const onError = vi.fn(() => expect(logError).toHaveBeenCalledTimes(1));
    const mutation = new MutationObserver(client, {
      mutationFn: () => Promise.reject(failure),
      meta: { errorMessage: 'Error saving the example:' },
      onError,
    });
    await expect(mutation.mutate()).rejects.toBe(failure);
    expect(onError).toHaveBeenCalledOnce();
    expect(logError).toHaveBeenCalledExactlyOnceWith('Error saving the example:', failure);
  });

  it('runs a write even when the browser reports no connection, as a plain call would', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    try {
      const mutation = new MutationObserver(client, { mutationFn: () => Promise.resolve('sent') });
      await expect(mutation.mutate()).resolves.toBe('sent');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

describe('runMutation', () => {
  beforeEach(() => logError.mockReset());

  it("runs the options on the app's cache, callbacks included, and resolves to the data", async () => {
    const onSettled = vi.fn();
    const options = mutationOptions({
      mutationFn: (name: string) => Promise.resolve(`hello ${name}`),
      onSettled,
    });
    await expect(runMutation(options, 'Ada')).resolves.toBe('hello Ada');
    expect(onSettled).toHaveBeenCalledOnce();
    expect(onSettled.mock.lastCall?.[4]).toMatchObject({ client: queryClient });
    // Settled and unobserved: nothing is left pending in the cache.
    expect(queryClient.isMutating()).toBe(0);
  });

  it('rejects with the failure, which the cache has logged', async () => {
    const failure = new Error('refused');
    const options = mutationOptions({
      mutationFn: () => Promise.reject(failure),
      meta: { errorMessage: 'Error saving the example:' },
    });
    await expect(runMutation(options, undefined)).rejects.toBe(failure);
    expect(logError).toHaveBeenCalledExactlyOnceWith('Error saving the example:', failure);
  });
});
