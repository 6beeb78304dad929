import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/queryKeys';
import { createQueryClient } from '@/lib/queryClient';
import {
  fetchNotificationPage,
  fetchUnreadCount,
  markReadMutation,
  notificationsQuery,
  subscribeToNotifications,
} from './api';
import { deferred } from '@/test/render';
import { stepsOf, supabaseFake, type FakeAnswer } from '@/test/supabaseFake';
import { shownNotifications, type AppNotification, type NotificationPages } from './notifications';

const { logError } = vi.hoisted(() => ({ logError: vi.fn() }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

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

/** The signal each request to the notifications was given. */
const signals = () =>
  supabaseFake
    .calls('from:notifications')
    .map((call) => stepsOf(call, 'abortSignal')[0]?.[0] as AbortSignal | undefined);

const lastRequest = () => supabaseFake.lastCall('from:notifications');

describe('notifications data access', () => {
  beforeEach(() => {
    supabaseFake.reset();
    logError.mockReset();
  });

  it('hands the abort signal to the request', async () => {
    supabaseFake.answer('from:notifications', { data: [row] });
    const controller = new AbortController();
    await expect(fetchNotificationPage('u1', 0, controller.signal)).resolves.toEqual({
      items: [row],
      more: false,
    });
    expect(signals()).toEqual([controller.signal]);
  });

  it('aborts the request when the query is cancelled', async () => {
    supabaseFake.answer('from:notifications', () => new Promise<FakeAnswer>(() => undefined));
    const client = createQueryClient();
    const fetching = client.fetchInfiniteQuery(notificationsQuery('u1'));
    await vi.waitFor(() => expect(supabaseFake.calls('from:notifications')).toHaveLength(1));
    await client.cancelQueries({ queryKey: queryKeys.notifications('u1') });
    await expect(fetching).rejects.toThrow();
    expect(signals()[0]?.aborted).toBe(true);
    expect(logError).not.toHaveBeenCalled();
  });

  it('marks read at once in the list and the count, and puts both back (logged once) when the update fails', async () => {
    const update = deferred<FakeAnswer>();
    supabaseFake.answer('from:notifications', () => update.promise);
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

    update.resolve({ error: { code: '42501', message: 'permission denied' } });
    await expect(marking).rejects.toMatchObject({ code: '42501' });
    expect(client.getQueryData(listKey)).toEqual(list);
    expect(client.getQueryData(countKey)).toBe(13);
    expect(logError).toHaveBeenCalledExactlyOnceWith(
      'Error marking notifications as read:',
      expect.objectContaining({ code: '42501' }),
    );
  });

  it('counts every unread notification of the user with a head request', async () => {
    supabaseFake.answer('from:notifications', { count: 13 });
    await expect(fetchUnreadCount('u1', new AbortController().signal)).resolves.toBe(13);
    const [, options] = stepsOf(lastRequest(), 'select')[0] ?? [];
    expect(options).toMatchObject({ head: true, count: 'exact' });
    expect(stepsOf(lastRequest(), 'eq')).toEqual([
      ['user_id', 'u1'],
      ['read', false],
    ]);
  });

  it('marks all: every unread notification of the user, loaded or not', async () => {
    supabaseFake.answer('from:notifications', {});
    const client = createQueryClient();
    await new MutationObserver(client, markReadMutation('u1')).mutate('all');
    expect(stepsOf(lastRequest(), 'update')).toHaveLength(1);
    expect(stepsOf(lastRequest(), 'eq')).toEqual([
      ['user_id', 'u1'],
      ['read', false],
    ]);
    expect(stepsOf(lastRequest(), 'in')).toEqual([]);
  });
});

describe('the notifications channel', () => {
  const channel = 'notifications:u1';

  beforeEach(() => supabaseFake.reset());

  it("passes on the user's inserts and updates, says when it has joined, and closes", async () => {
    const events = { inserted: vi.fn(), updated: vi.fn(), joined: vi.fn() };
    const unsubscribe = subscribeToNotifications('u1', events);
    await vi.waitFor(() =>
      expect(stepsOf(supabaseFake.lastCall(`channel:${channel}`), 'subscribe')).toHaveLength(1),
    );
    expect(stepsOf(supabaseFake.lastCall(`channel:${channel}`), 'on')).toEqual(
      ['INSERT', 'UPDATE'].map((event) => [
        'postgres_changes',
        { event, schema: 'public', table: 'notifications', filter: 'user_id=eq.u1' },
        expect.any(Function),
      ]),
    );

    supabaseFake.emitStatus(channel, 'CHANNEL_ERROR');
    expect(events.joined).not.toHaveBeenCalled();
    supabaseFake.emitStatus(channel, 'SUBSCRIBED');
    expect(events.joined).toHaveBeenCalledOnce();

    supabaseFake.emitChange(channel, { eventType: 'INSERT', new: row });
    supabaseFake.emitChange(channel, { eventType: 'UPDATE', new: { ...row, read: true } });
    expect(events.inserted).toHaveBeenCalledExactlyOnceWith(row);
    expect(events.updated).toHaveBeenCalledExactlyOnceWith({ ...row, read: true });

    unsubscribe();
    expect(supabaseFake.calls(`removeChannel:${channel}`)).toHaveLength(1);
    expect(() => supabaseFake.emitChange(channel, { eventType: 'INSERT', new: row })).toThrow();
  });
});
