import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';
import { NOTIFICATIONS_SHOWN, withRead, type AppNotification } from './notifications';

/** The user's newest notifications, newest first (SPEC.md section 7). */
export async function fetchNotifications(
  userId: string,
  signal: AbortSignal,
): Promise<AppNotification[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('notifications')
    .select('*')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(NOTIFICATIONS_SHOWN)
    .abortSignal(signal);
  if (error) throw error;
  return data;
}

export function notificationsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.notifications(userId),
    queryFn: ({ signal }) => fetchNotifications(userId, signal),
    meta: { errorMessage: 'Error fetching notifications:' },
  });
}

/** Marks the given notifications of the user read (one, or the unread ones shown). */
export async function markNotificationsRead(
  userId: string,
  ids: readonly string[],
  readAt: string,
): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase
    .from('notifications')
    .update({ read: true, read_at: readAt })
    .in('id', [...ids])
    .eq('user_id', userId);
  if (error) throw error;
}

/** Marks notifications read at once in the list shown, and puts the list back if the update fails. */
export function markReadMutation(userId: string) {
  const key = queryKeys.notifications(userId);
  return mutationOptions({
    mutationFn: (ids: readonly string[]) =>
      markNotificationsRead(userId, ids, new Date().toISOString()),
    meta: { errorMessage: 'Error marking notifications as read:' },
    // Unlike the app's other writes, this one has always waited for the connection.
    networkMode: 'online',
    onMutate: async (ids, { client }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<AppNotification[]>(key);
      client.setQueryData<AppNotification[]>(key, (list) =>
        withRead(list ?? [], ids, new Date().toISOString()),
      );
      return { previous };
    },
    onError: (_error, _ids, onMutateResult, { client }) => {
      client.setQueryData(key, onMutateResult?.previous);
    },
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
