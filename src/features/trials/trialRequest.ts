import { mutationOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';

// The trial request, apart from the reads in ./api.ts: the prerendered sign-up page files it, and
// must not carry the reads' client (src/lib/loadReader.ts) in its first view.

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
