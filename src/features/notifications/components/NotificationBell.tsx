import { useId } from 'react';
import { AlertCircle, Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { badgeText, relativeTime, type AppNotification } from '../notifications';
import { useNotifications } from '../hooks';

/** The bell: unread count, and a panel of the ten newest notifications. */
export function NotificationBell({ userId }: { userId: string }) {
  const { notifications, unread, loading, markRead, markAllRead } = useNotifications(userId);
  const badge = badgeText(unread);
  const titleId = useId();

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
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
            Notifications
          </h2>
          <Button variant="ghost" size="sm" disabled={unread === 0} onClick={markAllRead}>
            Mark all read
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto">
          {notifications.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-muted-foreground">
              {loading ? 'Loading...' : 'No notifications yet'}
            </p>
          ) : (
            <ul className="divide-y">
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
          {relativeTime(notification.created_at)}
          {notification.read ? null : <span className="sr-only">, unread</span>}
        </span>
      </span>
    </button>
  );
}
