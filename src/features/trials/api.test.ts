import { createClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/database.types';
import { queryKeys } from '@/lib/queryKeys';
import { queryClient, runMutation } from '@/lib/queryClient';
import {
  fetchTrialPassword,
  fetchTrialRows,
  requestTrialMutation,
  trialRequestResult,
  type TrialRequestResult,
} from './api';

const { fetchStub, logError } = vi.hoisted(() => ({ fetchStub: vi.fn(), logError: vi.fn() }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));

// A real supabase-js client whose requests end at the stub.
const supabase = createClient<Database>('http://127.0.0.1:54321', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  global: { fetch: fetchStub },
});
vi.mock('@/lib/loadSupabase', () => ({ loadSupabase: () => Promise.resolve(supabase) }));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const signals = () => fetchStub.mock.calls.map(([, init]) => (init as RequestInit).signal);

/** Files a request as the trial sign-up page does: on the app's cache, outside React. */
function fileRequest(userId: string): Promise<TrialRequestResult> {
  return trialRequestResult(runMutation(requestTrialMutation(), { userId }));
}

describe('trial reads', () => {
  beforeEach(() => fetchStub.mockReset());

  it('hand the abort signal to each of the three status reads', async () => {
    fetchStub.mockImplementation(() => Promise.resolve(json([])));
    const controller = new AbortController();
    await expect(fetchTrialRows('u1', controller.signal)).resolves.toEqual({
      active: null,
      expired: null,
      pending: null,
    });
    expect(signals()).toEqual([controller.signal, controller.signal, controller.signal]);
  });

  it('hand it to the trial password call too', async () => {
    fetchStub.mockResolvedValue(json('revolve360'));
    const controller = new AbortController();
    await expect(fetchTrialPassword(controller.signal)).resolves.toBe('revolve360');
    expect(signals()).toEqual([controller.signal]);
  });
});

describe('a trial request', () => {
  const profile = () => json({ name: 'Tess Trial', email: 'tess@example.com' });

  beforeEach(() => {
    fetchStub.mockReset();
    logError.mockReset();
    queryClient.setQueryData(queryKeys.trialStatus('u1'), {
      active: null,
      expired: null,
      pending: null,
    });
  });

  it('is filed, named from the profile, and the trial status is read again', async () => {
    fetchStub
      .mockResolvedValueOnce(profile())
      .mockResolvedValueOnce(new Response(null, { status: 201 }));
    await expect(fileRequest('u1')).resolves.toEqual({ outcome: 'requested' });
    const [, insert] = fetchStub.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(insert.body as string)).toEqual({
      email: 'tess@example.com',
      first_name: 'Tess',
      last_name: 'Trial',
      status: 'pending',
    });
    expect(queryClient.getQueryState(queryKeys.trialStatus('u1'))?.isInvalidated).toBe(true);
    expect(logError).not.toHaveBeenCalled();
  });

  it('already waiting is an answer, not a logged failure', async () => {
    fetchStub
      .mockResolvedValueOnce(profile())
      .mockResolvedValueOnce(json({ code: '23505', message: 'duplicate key' }, 409));
    await expect(fileRequest('u1')).resolves.toEqual({ outcome: 'already-requested' });
    expect(logError).not.toHaveBeenCalled();
  });

  it('names a missing profile, logged once', async () => {
    const missing = { code: 'PGRST116', message: 'no rows' };
    fetchStub.mockResolvedValueOnce(json(missing, 406));
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
    fetchStub.mockResolvedValueOnce(profile()).mockResolvedValueOnce(json(refusal, 403));
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
