import { createClient } from '@supabase/supabase-js';
import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/database.types';
import { queryKeys } from '@/lib/queryKeys';
import { createQueryClient } from '@/lib/queryClient';
import {
  fetchNotificationPage,
  fetchUnreadCount,
  markReadMutation,
  notificationsQuery,
} from './api';
import { shownNotifications, type AppNotification, type NotificationPages } from './notifications';

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
    await expect(fetchNotificationPage('u1', 0, controller.signal)).resolves.toEqual({
      items: [row],
      more: false,
    });
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
    const fetching = client.fetchInfiniteQuery(notificationsQuery('u1'));
    await vi.waitFor(() => expect(fetchStub).toHaveBeenCalledOnce());
    await client.cancelQueries({ queryKey: queryKeys.notifications('u1') });
    await expect(fetching).rejects.toThrow();
    expect(signals()[0]?.aborted).toBe(true);
    expect(logError).not.toHaveBeenCalled();
  });

  it('marks read at once in the list and the count, and puts both back (logged once) when the update fails', async () => {
    let answer!: (response: Response) => void;
    fetchStub.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const client = createQueryClient();
    const listKey = queryKeys.notificationList('u1');
    const countKey = queryKeys.unreadNotifications('u1');
    const list: NotificationPages = { pages: [{ items: [row], more: false }], pageParams: [0] };
    client.setQueryData(listKey, list);
    client.setQueryData(countKey, 13);

    const marking = new MutationObserver(client, markReadMutation('u1')).mutate(['n1']);
    await vi.waitFor(() =>
      expect(shownNotifications(client.getQueryData<NotificationPages>(listKey))[0]?.read).toBe(
        true,
      ),
    );
    expect(client.getQueryData(countKey)).toBe(12);

    answer(json({ code: '42501', message: 'permission denied' }, 403));
    await expect(marking).rejects.toMatchObject({ code: '42501' });
    expect(client.getQueryData(listKey)).toEqual(list);
    expect(client.getQueryData(countKey)).toBe(13);
    expect(logError).toHaveBeenCalledExactlyOnceWith(
      'Error marking notifications as read:',
      expect.objectContaining({ code: '42501' }),
    );
  });

  it('counts every unread notification of the user with a head request', async () => {
    fetchStub.mockResolvedValue(
      new Response(null, { status: 200, headers: { 'content-range': '*/13' } }),
    );
    await expect(fetchUnreadCount('u1', new AbortController().signal)).resolves.toBe(13);
    const [url, init] = fetchStub.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('HEAD');
    expect(new Headers(init.headers).get('prefer')).toContain('count=exact');
    const params = new URL(url).searchParams;
    expect(params.get('user_id')).toBe('eq.u1');
    expect(params.get('read')).toBe('eq.false');
  });

  it('marks all: every unread notification of the user, loaded or not', async () => {
    fetchStub.mockResolvedValue(new Response(null, { status: 204 }));
    const client = createQueryClient();
    await new MutationObserver(client, markReadMutation('u1')).mutate('all');
    const [url, init] = fetchStub.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('PATCH');
    const params = new URL(url).searchParams;
    expect(params.get('user_id')).toBe('eq.u1');
    expect(params.get('read')).toBe('eq.false');
    expect(params.has('id')).toBe(false);
  });
});
