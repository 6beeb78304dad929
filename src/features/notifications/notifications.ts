import type { InfiniteData } from '@tanstack/react-query';
import { formatDistance } from 'date-fns';
import type { Database } from '@/lib/database.types';

export type AppNotification = Database['public']['Tables']['notifications']['Row'];

/** How many notifications the panel shows at first, and how many more each 'Show earlier' loads. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

/** One page of the list, newest first, and whether older notifications remain. */
export interface NotificationPage {
  items: AppNotification[];
  more: boolean;
}

/** The pages loaded so far, each read from the offset in `pageParams` (TanStack's infinite data). */
export type NotificationPages = InfiniteData<NotificationPage>;

/** Each page's rows not already on an earlier page (a live insert shifts later pages by one). */
function distinctPages(data: NotificationPages | undefined): AppNotification[][] {
  const seen = new Set<string>();
  return (data?.pages ?? []).map((page) =>
    page.items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id))),
  );
}

/** The notifications loaded, newest first, each once. */
export function shownNotifications(data: NotificationPages | undefined): AppNotification[] {
  return distinctPages(data).flat();
}

function mapItems(
  data: NotificationPages | undefined,
  map: (items: AppNotification[], index: number) => AppNotification[],
): NotificationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({ ...page, items: map(page.items, index) })),
  };
}

/**
 * A new notification goes on top (SPEC.md: "INSERT adds to top (keep 10)"): the list grows up to
 * ten, and past that keeps its length, the oldest shown moving off the end, where 'Show earlier'
 * finds it again (the next page's offset counts what is loaded, and the insert shifted the
 * database's order by one too). One already loaded (a read that raced the insert) is replaced
 * where it is. Nothing loaded yet: left to the first read.
 */
export function withInserted(
  data: NotificationPages | undefined,
  inserted: AppNotification,
): NotificationPages | undefined {
  if (!data) return data;
  const shown = shownNotifications(data);
  if (shown.some((item) => item.id === inserted.id)) return withUpdated(data, inserted);
  const kept = [inserted, ...shown].slice(0, Math.max(shown.length, NOTIFICATIONS_PAGE_SIZE));
  const dropped = kept.length === shown.length;
  // Each page keeps as many rows as it showed; a first page that was not full takes the new row.
  const sizes = distinctPages(data).map((items) => items.length);
  sizes[0] = (sizes[0] ?? 0) + kept.length - shown.length;
  let start = 0;
  const pages = data.pages.map((page, index) => {
    const items = kept.slice(start, start + (sizes[index] ?? 0));
    start += items.length;
    return { items, more: page.more || (dropped && index === data.pages.length - 1) };
  });
  return { ...data, pages };
}

/** A changed notification replaces the one with its id (one not loaded is ignored). */
export function withUpdated(
  data: NotificationPages | undefined,
  updated: AppNotification,
): NotificationPages | undefined {
  return mapItems(data, (items) => items.map((item) => (item.id === updated.id ? updated : item)));
}

/** Which notifications a marking covers: the given ids, or every unread one of the user. */
export type ReadTarget = readonly string[] | 'all';

const covers = (target: ReadTarget, id: string) => target === 'all' || target.includes(id);

export function withRead(
  data: NotificationPages | undefined,
  target: ReadTarget,
  readAt: string,
): NotificationPages | undefined {
  return mapItems(data, (items) =>
    items.map((item) =>
      covers(target, item.id) && !item.read ? { ...item, read: true, read_at: readAt } : item,
    ),
  );
}

/** The unread count once `target` is marked read, from what is loaded. */
export function unreadAfterReading(
  unread: number,
  shown: readonly AppNotification[],
  target: ReadTarget,
): number {
  if (target === 'all') return 0;
  const newlyRead = shown.filter((item) => !item.read && target.includes(item.id)).length;
  return Math.max(0, unread - newlyRead);
}

/** The bell's badge: nothing at zero, the count up to 9, then '9+'. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** 'about 2 hours ago'. */
export function relativeTime(isoTimestamp: string, now: Date = new Date()): string {
  return formatDistance(new Date(isoTimestamp), now, { addSuffix: true });
}

/**
 * The titles the database gives the notifications it writes when a user's trial changes (approve,
 * reject and expire, supabase/migrations): each means the trial status, and whether the trial
 * password is given out, must be read again.
 */
const trialChangeTitles = new Set(['Trial approved', 'Trial request declined', 'Trial ended']);

export function announcesTrialChange(notification: Pick<AppNotification, 'title'>): boolean {
  return trialChangeTitles.has(notification.title);
}
