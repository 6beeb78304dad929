import { loadSupabase } from '@/lib/loadSupabase';
import type { AppNotification } from './notifications';
import { NOTIFICATIONS_SHOWN } from './notifications';

/** The user's newest notifications, newest first (SPEC.md section 7). */
export async function fetchNotifications(userId: string): Promise<AppNotification[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('notifications')
    .select('*')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(NOTIFICATIONS_SHOWN);
  if (error) throw error;
  return data;
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
