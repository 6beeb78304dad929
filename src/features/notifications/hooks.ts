import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/queryKeys';
import { toast } from '@/lib/toast';
import { markReadMutation, notificationsQuery, subscribeToNotifications } from './api';
import {
  announcesTrialChange,
  unreadCount,
  withInserted,
  withUpdated,
  type AppNotification,
} from './notifications';

/**
 * The signed-in user's notifications: the newest ten, live over one realtime channel, with
 * optimistic marking as read. Failures are logged only (SPEC.md section 8).
 */
export function useNotifications(userId: string) {
  const query = useQuery(notificationsQuery(userId));
  useNotificationChannel(userId);
  const markRead = useMutation(markReadMutation(userId));

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
 * The user's channel: an INSERT goes on top with a toast, an UPDATE replaces its row. Each time the
 * channel is joined the list is read again, so a notification written before it was listening
 * (or while the connection was down) is not missed. A notification that the trial changed
 * (approved, declined, ended) also has every trial read made again (status, password), so pages
 * showing them follow without a reload.
 */
function useNotificationChannel(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = queryKeys.notifications(userId);
    return subscribeToNotifications(userId, {
      inserted: (notification) => {
        queryClient.setQueryData<AppNotification[]>(key, (list) =>
          withInserted(list ?? [], notification),
        );
        const show = notification.type === 'error' ? toast.error : toast.success;
        show(notification.title, notification.message);
        if (announcesTrialChange(notification))
          void queryClient.invalidateQueries({ queryKey: queryKeys.trial(userId) });
      },
      updated: (notification) => {
        queryClient.setQueryData<AppNotification[]>(key, (list) =>
          withUpdated(list ?? [], notification),
        );
      },
      joined: () => void queryClient.invalidateQueries({ queryKey: key }),
    });
  }, [userId, queryClient]);
}
