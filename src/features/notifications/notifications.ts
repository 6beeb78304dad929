import { formatDistance } from 'date-fns';
import type { Database } from '@/lib/database.types';

export type AppNotification = Database['public']['Tables']['notifications']['Row'];

/** How many notifications the panel keeps (SPEC.md section 9). */
export const NOTIFICATIONS_SHOWN = 10;

/** A new notification goes on top; the list keeps the newest ten, without duplicates. */
export function withInserted(
  list: readonly AppNotification[],
  inserted: AppNotification,
): AppNotification[] {
  return [inserted, ...list.filter((item) => item.id !== inserted.id)].slice(
    0,
    NOTIFICATIONS_SHOWN,
  );
}

/** A changed notification replaces the one with its id (one not shown is ignored). */
export function withUpdated(
  list: readonly AppNotification[],
  updated: AppNotification,
): AppNotification[] {
  return list.map((item) => (item.id === updated.id ? updated : item));
}

export function withRead(
  list: readonly AppNotification[],
  ids: readonly string[],
  readAt: string,
): AppNotification[] {
  return list.map((item) =>
    ids.includes(item.id) && !item.read ? { ...item, read: true, read_at: readAt } : item,
  );
}

export function unreadCount(list: readonly AppNotification[]): number {
  return list.filter((item) => !item.read).length;
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
