import { createClient } from '@supabase/supabase-js';
import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/database.types';
import { queryKeys } from '@/lib/queryKeys';
import { createQueryClient } from '@/lib/queryClient';
import { fetchNotifications, markReadMutation, notificationsQuery } from './api';
import type { AppNotification } from './notifications';

const { fetchStub, logError } = vi.hoisted(() => ({ fetchStub: vi.fn(), logError: vi.fn() }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));

// A real supabase-js client whose requests end at the stub.
const supabase = createClient<Database>('http://127.0.0.1:54321', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  global: { fetch: fetchStub },
});
vi.mock('@/lib/loadSupabase', () => ({ loadSupabase: () => Promise.resolve(supabase) }));

const row: AppNotification = {
  id: 'n1',
  user_id: 'u1',
  title: 'Trial approved',
  message: 'Welcome',
  type: 'info',
  read: false,
  read_at: null,
  created_at: '2026-11-22T10:00:00Z',
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The signal each request reached fetch with. */
const signals = () => fetchStub.mock.calls.map(([, init]) => (init as RequestInit).signal);

describe('notifications data access', () => {
  beforeEach(() => {
    fetchStub.mockReset();
    logError.mockReset();
  });

  it('hands the abort signal to the request', async () => {
    fetchStub.mockResolvedValue(json([row]));
    const controller = new AbortController();
    await expect(fetchNotifications('u1', controller.signal)).resolves.toEqual([row]);
    expect(signals()).toEqual([controller.signal]);
  });

  it('aborts the request when the query is cancelled', async () => {
    fetchStub.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const client = createQueryClient();
    const fetching = client.fetchQuery(notificationsQuery('u1'));
    await vi.waitFor(() => expect(fetchStub).toHaveBeenCalledOnce());
    await client.cancelQueries({ queryKey: queryKeys.notifications('u1') });
    await expect(fetching).rejects.toThrow();
    expect(signals()[0]?.aborted).toBe(true);
    expect(logError).not.toHaveBeenCalled();
  });

  it('marks read at once, and puts the list back (logged once) when the update fails', async () => {
    let answer!: (response: Response) => void;
    fetchStub.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const client = createQueryClient();
    const key = queryKeys.notifications('u1');
    client.setQueryData(key, [row]);

    const marking = new MutationObserver(client, markReadMutation('u1')).mutate(['n1']);
    await vi.waitFor(() =>
      expect(client.getQueryData<AppNotification[]>(key)?.[0]?.read).toBe(true),
    );

    answer(json({ code: '42501', message: 'permission denied' }, 403));
    await expect(marking).rejects.toMatchObject({ code: '42501' });
    expect(client.getQueryData(key)).toEqual([row]);
    expect(logError).toHaveBeenCalledExactlyOnceWith(
      'Error marking notifications as read:',
      expect.objectContaining({ code: '42501' }),
    );
  });
});
