import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';
import {
  NOTIFICATIONS_PAGE_SIZE,
  shownNotifications,
  unreadAfterReading,
  withRead,
  type AppNotification,
  type NotificationPage,
  type NotificationPages,
  type ReadTarget,
} from './notifications';

/**
 * A page of the user's notifications, newest first, from `offset` (SPEC.md section 7; 'Show
 * earlier' reads the next). One row beyond the page says whether older ones remain.
 */
export async function fetchNotificationPage(
  userId: string,
  offset: number,
  signal: AbortSignal,
): Promise<NotificationPage> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('notifications')
    .select('*')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .range(offset, offset + NOTIFICATIONS_PAGE_SIZE)
    .abortSignal(signal);
  if (error) throw error;
  return {
    items: data.slice(0, NOTIFICATIONS_PAGE_SIZE),
    more: data.length > NOTIFICATIONS_PAGE_SIZE,
  };
}

export function notificationsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.notificationList(userId),
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(userId, pageParam, signal),
    initialPageParam: 0,
    // The next page starts after everything loaded, live inserts included (they shift it too).
    getNextPageParam: (lastPage, pages) =>
      lastPage.more ? pages.reduce((count, page) => count + page.items.length, 0) : undefined,
    meta: { errorMessage: 'Error fetching notifications:' },
  });
}

/** How many of the user's notifications are unread, all of them, counted by the database. */
export async function fetchUnreadCount(userId: string, signal: AbortSignal): Promise<number> {
  const supabase = await loadSupabase();
  const { count, error } = await supabase
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', userId)
    .eq('read', false)
    .abortSignal(signal);
  if (error) throw error;
  return count ?? 0;
}

export function unreadCountQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.unreadNotifications(userId),
    queryFn: ({ signal }) => fetchUnreadCount(userId, signal),
    meta: { errorMessage: 'Error counting unread notifications:' },
  });
}

/** Marks notifications of the user read: the given ones, or every unread one ('all'). */
export async function markNotificationsRead(
  userId: string,
  target: ReadTarget,
  readAt: string,
): Promise<void> {
  const supabase = await loadSupabase();
  const update = supabase
    .from('notifications')
    .update({ read: true, read_at: readAt })
    .eq('user_id', userId);
  const { error } = await (target === 'all'
    ? update.eq('read', false)
    : update.in('id', [...target]));
  if (error) throw error;
}

/**
 * Marks notifications read at once in the list and the count shown, and puts both back if the
 * update fails; the count is read again once it is settled.
 */
export function markReadMutation(userId: string) {
  const listKey = queryKeys.notificationList(userId);
  const countKey = queryKeys.unreadNotifications(userId);
  return mutationOptions({
    mutationFn: (target: ReadTarget) =>
      markNotificationsRead(userId, target, new Date().toISOString()),
    meta: { errorMessage: 'Error marking notifications as read:' },
    // Unlike the app's other writes, this one has always waited for the connection.
    networkMode: 'online',
    onMutate: async (target, { client }) => {
      await client.cancelQueries({ queryKey: queryKeys.notifications(userId) });
      const previous = {
        list: client.getQueryData<NotificationPages>(listKey),
        count: client.getQueryData<number>(countKey),
      };
      client.setQueryData<NotificationPages>(listKey, (data) =>
        withRead(data, target, new Date().toISOString()),
      );
      if (previous.count !== undefined)
        client.setQueryData<number>(
          countKey,
          unreadAfterReading(previous.count, shownNotifications(previous.list), target),
        );
      return previous;
    },
    onError: (_error, _target, previous, { client }) => {
      client.setQueryData(listKey, previous?.list);
      client.setQueryData(countKey, previous?.count);
    },
    onSettled: (_data, _error, _target, _previous, { client }) =>
      client.invalidateQueries({ queryKey: countKey }),
  });
}

/** What the notifications channel passes on. */
export interface NotificationEvents {
  inserted: (notification: AppNotification) => void;
  updated: (notification: AppNotification) => void;
  /** The channel is listening: first, and again after a dropped connection. */
  joined: () => void;
}

/**
 * One channel per signed-in user, filtered on user_id, for its notifications' inserts and updates.
 * Returns the unsubscribe. supabase-js re-authorises the channel when the token is refreshed.
 */
export function subscribeToNotifications(userId: string, events: NotificationEvents): () => void {
  let removed = false;
  let cleanup = () => {};
  void loadSupabase().then((supabase) => {
    if (removed) return;
    const channel = supabase
      .channel(`notifications:${userId}`)
      .on(
        'postgres_changes',
        {
          event: 'INSERT',
          schema: 'public',
          table: 'notifications',
          filter: `user_id=eq.${userId}`,
        },
        ({ new: inserted }) => events.inserted(inserted as AppNotification),
      )
      .on(
        'postgres_changes',
        {
          event: 'UPDATE',
          schema: 'public',
          table: 'notifications',
          filter: `user_id=eq.${userId}`,
        },
        ({ new: updated }) => events.updated(updated as AppNotification),
      )
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') events.joined();
      });
    cleanup = () => void supabase.removeChannel(channel);
  });
  return () => {
    removed = true;
    cleanup();
  };
}
