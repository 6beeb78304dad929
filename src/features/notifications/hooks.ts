import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/queryKeys';
import { toast } from '@/lib/toast';
import {
  markReadMutation,
  notificationsQuery,
  subscribeToNotifications,
  unreadCountQuery,
} from './api';
import {
  announcesTrialChange,
  shownNotifications,
  withInserted,
  withUpdated,
  type NotificationPages,
} from './notifications';

/**
 * The signed-in user's notifications: the newest ten and, page by page, earlier ones; the true
 * unread count; live over one realtime channel, with optimistic marking as read. Failures are
 * logged only (SPEC.md section 8).
 */
export function useNotifications(userId: string) {
  const list = useInfiniteQuery(notificationsQuery(userId));
  const unread = useQuery(unreadCountQuery(userId));
  useNotificationChannel(userId);
  const markRead = useMutation(markReadMutation(userId));

  return {
    notifications: shownNotifications(list.data),
    unread: unread.data ?? 0,
    loading: list.isPending,
    hasEarlier: list.hasNextPage,
    loadingEarlier: list.isFetchingNextPage,
    showEarlier: () => {
      if (!list.isFetchingNextPage) void list.fetchNextPage();
    },
    markRead: (id: string) => markRead.mutate([id]),
    markAllRead: () => markRead.mutate('all'),
  };
}

/**
 * The user's channel: an INSERT goes on top with a toast, an UPDATE replaces its row. Each time the
 * channel is joined, the first time included, everything it keeps live is read again (the list,
 * the count, every trial read), so a change made before it was listening is not missed: an
 * approval between the page's first read of the trial and the channel's join, or one made while
 * the connection was down. A notification that the trial changed (approved, declined, ended) also
 * has every trial read made again (status, password), so pages showing them follow without a
 * reload.
 */
function useNotificationChannel(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const listKey = queryKeys.notificationList(userId);
    const countKey = queryKeys.unreadNotifications(userId);
    return subscribeToNotifications(userId, {
      inserted: (notification) => {
        queryClient.setQueryData<NotificationPages>(listKey, (data) =>
          withInserted(data, notification),
        );
        // Counted at once, then by the database: a count read just after the insert holds it already.
        if (!notification.read)
          queryClient.setQueryData<number>(countKey, (count) =>
            count === undefined ? count : count + 1,
          );
        void queryClient.invalidateQueries({ queryKey: countKey });
        const show = notification.type === 'error' ? toast.error : toast.success;
        show(notification.title, notification.message);
        if (announcesTrialChange(notification))
          void queryClient.invalidateQueries({ queryKey: queryKeys.trial(userId) });
      },
      // A notification read elsewhere (another tab): the count is read again.
      updated: (notification) => {
        queryClient.setQueryData<NotificationPages>(listKey, (data) =>
          withUpdated(data, notification),
        );
        void queryClient.invalidateQueries({ queryKey: countKey });
      },
      joined: () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.trial(userId) });
      },
    });
  }, [userId, queryClient]);
}
