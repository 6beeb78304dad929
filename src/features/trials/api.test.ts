import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/queryKeys';
import { queryClient, runMutation } from '@/lib/queryClient';
import { fetchTrialPassword, fetchTrialRows } from './api';
import { requestTrialMutation, trialRequestResult, type TrialRequestResult } from './trialRequest';
import { stepsOf, supabaseFake } from '@/test/supabaseFake';
import { answerTrial } from '@/test/trialServer';

const { logError } = vi.hoisted(() => ({ logError: vi.fn() }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

/** The signal each request was given, in the order they were made. */
const signals = () => supabaseFake.calls().map((call) => stepsOf(call, 'abortSignal')[0]?.[0]);

/** Files a request as the trial sign-up page does: on the app's cache, outside React. */
function fileRequest(userId: string): Promise<TrialRequestResult> {
  return trialRequestResult(runMutation(requestTrialMutation(), { userId }));
}

describe('trial reads', () => {
  beforeEach(() => {
    supabaseFake.reset();
    answerTrial();
  });

  it('hand the abort signal to each of the three status reads', async () => {
    const controller = new AbortController();
    await expect(fetchTrialRows('u1', controller.signal)).resolves.toEqual({
      active: null,
      expired: null,
      pending: null,
    });
    expect(signals()).toEqual([controller.signal, controller.signal, controller.signal]);
  });

  it('hand it to the trial password call too', async () => {
    supabaseFake.answer('rpc:trial_password', { data: 'revolve360' });
    const controller = new AbortController();
    await expect(fetchTrialPassword(controller.signal)).resolves.toBe('revolve360');
    expect(signals()).toEqual([controller.signal]);
  });
});

describe('a trial request', () => {
  const profile = { data: { name: 'Tess Trial', email: 'tess@example.com' } };

  beforeEach(() => {
    supabaseFake.reset();
    logError.mockReset();
    queryClient.setQueryData(queryKeys.trialStatus('u1'), {
      active: null,
      expired: null,
      pending: null,
    });
  });

  it('is filed, named from the profile, and the trial status is read again', async () => {
    supabaseFake.answer('from:profiles', profile);
    supabaseFake.answer('from:pending_trials', {});
    await expect(fileRequest('u1')).resolves.toEqual({ outcome: 'requested' });
    expect(stepsOf(supabaseFake.lastCall('from:pending_trials'), 'insert')).toEqual([
      [
        {
          email: 'tess@example.com',
          first_name: 'Tess',
          last_name: 'Trial',
          status: 'pending',
        },
      ],
    ]);
    expect(queryClient.getQueryState(queryKeys.trialStatus('u1'))?.isInvalidated).toBe(true);
    expect(logError).not.toHaveBeenCalled();
  });

  it('already waiting is an answer, not a logged failure', async () => {
    supabaseFake.answer('from:profiles', profile);
    supabaseFake.answer('from:pending_trials', {
      error: { code: '23505', message: 'duplicate key' },
    });
    await expect(fileRequest('u1')).resolves.toEqual({ outcome: 'already-requested' });
    expect(logError).not.toHaveBeenCalled();
  });

  it('names a missing profile, logged once', async () => {
    const missing = { code: 'PGRST116', message: 'no rows' };
    supabaseFake.answer('from:profiles', { error: missing });
    await expect(fileRequest('u1')).resolves.toEqual({
      outcome: 'no-profile',
      error: expect.objectContaining(missing),
    });
    expect(logError).toHaveBeenCalledOnce();
    expect(logError.mock.lastCall?.[0]).toBe('Error submitting trial request:');
    // The trial status is read again whatever the outcome.
    expect(queryClient.getQueryState(queryKeys.trialStatus('u1'))?.isInvalidated).toBe(true);
  });

  it("keeps the server's words for any other failure, logged once", async () => {
    const refusal = { code: '42501', message: 'new row violates row-level security policy' };
    supabaseFake.answer('from:profiles', profile);
    supabaseFake.answer('from:pending_trials', { error: refusal });
    await expect(fileRequest('u1')).resolves.toEqual({
      outcome: 'failed',
      error: expect.objectContaining(refusal),
    });
    expect(logError).toHaveBeenCalledExactlyOnceWith(
      'Error submitting trial request:',
      expect.objectContaining(refusal),
    );
  });
});
