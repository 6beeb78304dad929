import { queryOptions } from '@tanstack/react-query';
import { loadReader } from '@/lib/loadReader';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';
import type { TrialRows } from './trialStatus';

/** The rows behind the user's trial status; throws when any read fails. */
export async function fetchTrialRows(userId: string, signal: AbortSignal): Promise<TrialRows> {
  const supabase = await loadReader();
  const [active, expired, pending] = await Promise.all([
    supabase
      .from('active_trial_users')
      .select('expires_at, status')
      .eq('user_id', userId)
      .eq('status', 'active')
      .order('expires_at', { ascending: false })
      .limit(1)
      .abortSignal(signal)
      .maybeSingle(),
    supabase
      .from('expired_trials')
      .select('can_retrial, expired_at')
      .eq('user_id', userId)
      .order('expired_at', { ascending: false })
      .limit(1)
      .abortSignal(signal)
      .maybeSingle(),
    supabase
      .from('pending_trials')
      .select('id')
      .eq('user_id', userId)
      .eq('status', 'pending')
      .limit(1)
      .abortSignal(signal)
      .maybeSingle(),
  ]);
  const error = active.error ?? expired.error ?? pending.error;
  if (error) throw error;
  return { active: active.data, expired: expired.data, pending: pending.data };
}

/**
 * The shared trial password, which the backend gives only to users with an active trial; null for
 * anyone else, a request still awaiting approval included.
 */
export async function fetchTrialPassword(signal: AbortSignal): Promise<string | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('trial_password').abortSignal(signal);
  if (error) throw error;
  return data;
}

/** The signed-in user's trial rows (the trial status is derived from them where it is shown). */
export function trialRowsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.trialStatus(userId),
    queryFn: ({ signal }) => fetchTrialRows(userId, signal),
    meta: { errorMessage: 'Error checking trial status:' },
  });
}

export function trialPasswordQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.trialPassword(userId),
    queryFn: ({ signal }) => fetchTrialPassword(signal),
    meta: { errorMessage: 'Error fetching the trial password:' },
    retry: false,
  });
}
