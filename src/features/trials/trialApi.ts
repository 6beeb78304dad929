import { loadSupabase } from '@/lib/loadSupabase';
import type { TrialRows } from './trialStatus';

/** The rows behind the user's trial status; throws when any read fails. */
export async function fetchTrialRows(userId: string): Promise<TrialRows> {
  const supabase = await loadSupabase();
  const [active, expired, pending] = await Promise.all([
    supabase
      .from('active_trial_users')
      .select('expires_at, status')
      .eq('user_id', userId)
      .eq('status', 'active')
      .order('expires_at', { ascending: false })
      .limit(1)
      .maybeSingle(),
    supabase
      .from('expired_trials')
      .select('can_retrial, expired_at')
      .eq('user_id', userId)
      .order('expired_at', { ascending: false })
      .limit(1)
      .maybeSingle(),
    supabase
      .from('pending_trials')
      .select('id')
      .eq('user_id', userId)
      .eq('status', 'pending')
      .limit(1)
      .maybeSingle(),
  ]);
  const error = active.error ?? expired.error ?? pending.error;
  if (error) throw error;
  return { active: active.data, expired: expired.data, pending: pending.data };
}

/** How a trial request ended: the failures are the ones SPEC.md names. */
export type TrialRequestResult =
  | { outcome: 'requested' }
  | { outcome: 'already-requested' }
  | { outcome: 'no-profile'; error: unknown }
  | { outcome: 'failed'; error: { message?: string } };

/** A single full name: the first word is the first name, the rest the last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Files the signed-in user's trial request (a pending_trials row), named from their profile.
 * Never throws.
 */
export async function requestTrial(userId: string): Promise<TrialRequestResult> {
  try {
    const supabase = await loadSupabase();
    const profile = await supabase.from('profiles').select('name, email').eq('id', userId).single();
    if (profile.error) return { outcome: 'no-profile', error: profile.error };
    const { firstName, lastName } = splitName(profile.data.name);
    const { error } = await supabase.from('pending_trials').insert({
      email: profile.data.email,
      first_name: firstName,
      last_name: lastName,
      status: 'pending',
    });
    if (error?.code === '23505') return { outcome: 'already-requested' };
    if (error) return { outcome: 'failed', error };
    return { outcome: 'requested' };
  } catch (error) {
    return { outcome: 'failed', error: error instanceof Error ? error : {} };
  }
}

/**
 * The shared trial password, which the backend gives only to users with a pending or active trial;
 * null for anyone else.
 */
export async function fetchTrialPassword(): Promise<string | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('trial_password');
  if (error) throw error;
  return data;
}
