import { mutationOptions, queryOptions } from '@tanstack/react-query';
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

/** How a trial request ended: the failures are the ones SPEC.md names. */
export type TrialRequestResult =
  | { outcome: 'requested' }
  | { outcome: 'already-requested' }
  | { outcome: 'no-profile'; error: unknown }
  | { outcome: 'failed'; error: { message?: string } };

/** The request could not be named: the user's profile did not load. */
class NoProfileError extends Error {
  constructor(cause: unknown) {
    super('Could not read the profile to name the trial request', { cause });
    this.name = 'NoProfileError';
  }
}

/** A single full name: the first word is the first name, the rest the last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Files the signed-in user's trial request (a pending_trials row), named from their profile. A
 * request already waiting is an answer, not a failure; anything else that goes wrong throws.
 */
export async function requestTrial(
  userId: string,
): Promise<{ outcome: 'requested' } | { outcome: 'already-requested' }> {
  const supabase = await loadSupabase();
  const profile = await supabase.from('profiles').select('name, email').eq('id', userId).single();
  if (profile.error) throw new NoProfileError(profile.error);
  const { firstName, lastName } = splitName(profile.data.name);
  const { error } = await supabase.from('pending_trials').insert({
    email: profile.data.email,
    first_name: firstName,
    last_name: lastName,
    status: 'pending',
  });
  if (error?.code === '23505') return { outcome: 'already-requested' };
  if (error) throw error;
  return { outcome: 'requested' };
}

export function requestTrialMutation() {
  return mutationOptions({
    mutationFn: ({ userId }: { userId: string }) => requestTrial(userId),
    meta: { errorMessage: 'Error submitting trial request:' },
    // Whatever the outcome, screens that show the trial state read it afresh; nothing waits for it.
    onSettled: (_data, _error, { userId }, _onMutateResult, { client }) => {
      void client.invalidateQueries({ queryKey: queryKeys.trialStatus(userId) });
    },
  });
}

/** A settled trial request as the screens word it (trialRequestMessages.ts). */
export function trialRequestResult(
  request: Promise<TrialRequestResult>,
): Promise<TrialRequestResult> {
  return request.catch((error: unknown) =>
    error instanceof NoProfileError
      ? { outcome: 'no-profile', error: error.cause }
      : { outcome: 'failed', error: typeof error === 'object' && error !== null ? error : {} },
  );
}
