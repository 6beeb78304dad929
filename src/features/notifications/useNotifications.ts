import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/loadSupabase';
import { logger } from '@/lib/logger';
import { queryKeys } from '@/lib/queryKeys';
import { toast } from '@/lib/toast';
import {
  unreadCount,
  withInserted,
  withRead,
  withUpdated,
  type AppNotification,
} from './notifications';
import { fetchNotifications, markNotificationsRead } from './notificationsApi';

/**
 * The signed-in user's notifications: the newest ten, live over one realtime channel, with
 * optimistic marking as read. Failures are logged only (SPEC.md section 8).
 */
export function useNotifications(userId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications(userId);

  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      try {
        return await fetchNotifications(userId);
      } catch (error) {
        logger.error('Error fetching notifications:', error);
        throw error;
      }
    },
  });

  useNotificationChannel(userId);

  const markRead = useMutation({
    mutationFn: (ids: readonly string[]) =>
      markNotificationsRead(userId, ids, new Date().toISOString()),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AppNotification[]>(key);
      queryClient.setQueryData<AppNotification[]>(key, (list) =>
        withRead(list ?? [], ids, new Date().toISOString()),
      );
      return { previous };
    },
    onError: (error, _ids, context) => {
      logger.error('Error marking notifications as read:', error);
      queryClient.setQueryData(key, context?.previous);
    },
  });

  const notifications = query.data ?? [];
  return {
    notifications,
    unread: unreadCount(notifications),
    loading: query.isPending,
    markRead: (id: string) => markRead.mutate([id]),
    markAllRead: () => {
      const ids = notifications.filter((item) => !item.read).map((item) => item.id);
      if (ids.length > 0) markRead.mutate(ids);
    },
  };
}

/**
 * One channel per signed-in user, filtered on user_id: an INSERT goes on top with a toast, an
 * UPDATE replaces its row. Each time the channel is joined (first, and again after a dropped
 * connection) the list is fetched again, so nothing sent meanwhile is missed. supabase-js
 * re-authorises the channel when the token is refreshed.
 */
function useNotificationChannel(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = queryKeys.notifications(userId);
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
          ({ new: inserted }) => {
            const notification = inserted as AppNotification;
            queryClient.setQueryData<AppNotification[]>(key, (list) =>
              withInserted(list ?? [], notification),
            );
            const show = notification.type === 'error' ? toast.error : toast.success;
            show(notification.title, notification.message);
          },
        )
        .on(
          'postgres_changes',
          {
            event: 'UPDATE',
            schema: 'public',
            table: 'notifications',
            filter: `user_id=eq.${userId}`,
          },
          ({ new: updated }) => {
            queryClient.setQueryData<AppNotification[]>(key, (list) =>
              withUpdated(list ?? [], updated as AppNotification),
            );
          },
        )
        .subscribe((status) => {
          // Joined (or joined again after a drop): read the list once more, so a notification
          // written before the channel was listening is not missed.
          if (status === 'SUBSCRIBED') void queryClient.invalidateQueries({ queryKey: key });
        });
      cleanup = () => void supabase.removeChannel(channel);
    });
    return () => {
      removed = true;
      cleanup();
    };
  }, [userId, queryClient]);
}
