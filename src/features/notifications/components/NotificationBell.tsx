import { useEffect, useId, useRef } from 'react';
import { AlertCircle, Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { notificationCopy as copy } from '@/content/notifications';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { badgeText, relativeTime, type AppNotification } from '../notifications';
import { useNotifications } from '../hooks';

/** The bell: the unread count, and a panel of the newest notifications with earlier ones on demand. */
export function NotificationBell({ userId }: { userId: string }) {
  const {
    notifications,
    unread,
    loading,
    hasEarlier,
    loadingEarlier,
    showEarlier,
    markRead,
    markAllRead,
  } = useNotifications(userId);
  const badge = badgeText(unread);
  const titleId = useId();
  const list = useRef<HTMLUListElement>(null);
  // Show earlier moves focus to the first of the older notifications once they are shown.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const first = focusFrom.current;
    if (first === null || notifications.length <= first) return;
    list.current?.querySelectorAll('button')[first]?.focus();
    focusFrom.current = null;
  }, [notifications.length]);

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={copy.bellLabel(unread)}
        >
          <Bell aria-hidden className="!size-6" />
          {badge ? (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-bold text-destructive-foreground"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        role="region"
        aria-labelledby={titleId}
        className="flex h-[400px] flex-col p-0"
      >
        <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
          <h2 id={titleId} className="text-base font-semibold">
            {copy.heading}
          </h2>
          <Button variant="ghost" size="sm" disabled={unread === 0} onClick={markAllRead}>
            {copy.markAllRead}
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto">
          {notifications.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-muted-foreground">
              {loading ? copy.loading : copy.empty}
            </p>
          ) : (
            <ul ref={list} className="divide-y">
              {notifications.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem
                    notification={notification}
                    onSelect={() => markRead(notification.id)}
                  />
                </li>
              ))}
            </ul>
          )}
          {hasEarlier ? (
            <div className="border-t p-2">
              <Button
                variant="ghost"
                size="sm"
                className="w-full"
                aria-disabled={loadingEarlier || undefined}
                onClick={() => {
                  focusFrom.current = notifications.length;
                  showEarlier();
                }}
              >
                {loadingEarlier ? copy.loadingEarlier : copy.showEarlier}
              </Button>
            </div>
          ) : null}
        </div>
      </PopoverContent>
    </Popover>
  );
}

function NotificationItem({
  notification,
  onSelect,
}: {
  notification: AppNotification;
  onSelect: () => void;
}) {
  const isError = notification.type === 'error';
  return (
    <button
      type="button"
      onClick={notification.read ? undefined : onSelect}
      aria-disabled={notification.read || undefined}
      className={cn(
        'flex w-full gap-3 px-4 py-3 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
        !notification.read && 'bg-secondary/70',
        isError && 'border-l-4 border-destructive',
      )}
    >
      <span className="mt-1.5 flex w-2 shrink-0 justify-center" aria-hidden>
        {!notification.read ? <span className="h-2 w-2 rounded-full bg-primary" /> : null}
      </span>
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            'flex items-center gap-1.5',
            notification.read ? 'font-medium' : 'font-bold',
            isError && 'text-destructive',
          )}
        >
          {isError ? <AlertCircle aria-hidden className="h-4 w-4 shrink-0" /> : null}
          {notification.title}
        </span>
        <span className="mt-0.5 block text-muted-foreground">{notification.message}</span>
        <span className="mt-1 block text-xs text-muted-foreground">
          <time dateTime={notification.created_at} title={formatDateTime(notification.created_at)}>
            {relativeTime(notification.created_at)}
          </time>
          {notification.read ? null : <span className="sr-only">{copy.unread}</span>}
        </span>
      </span>
    </button>
  );
}
