import { createClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/database.types';
import { fetchAdminCounts, fetchAdminList, listUsers } from './api';

const { fetchStub } = vi.hoisted(() => ({ fetchStub: vi.fn() }));

// A real supabase-js client whose requests end at the stub.
const supabase = createClient<Database>('http://127.0.0.1:54321', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  global: { fetch: fetchStub },
});
vi.mock('@/lib/loadSupabase', () => ({ loadSupabase: () => Promise.resolve(supabase) }));

const signals = () => fetchStub.mock.calls.map(([, init]) => (init as RequestInit).signal);

describe('admin reads', () => {
  beforeEach(() => {
    fetchStub.mockReset();
    fetchStub.mockImplementation(() =>
      Promise.resolve(
        new Response('[]', {
          headers: { 'content-type': 'application/json', 'content-range': '*/7' },
        }),
      ),
    );
  });

  it("hand the dashboard's abort signal to a list page", async () => {
    const controller = new AbortController();
    await expect(
      fetchAdminList('users', { page: 0, search: 'ada' }, controller.signal),
    ).resolves.toEqual({
      rows: [],
      total: 7,
    });
    expect(signals()).toEqual([controller.signal]);
  });

  it("and to each of the six tabs' totals", async () => {
    const controller = new AbortController();
    const counts = await fetchAdminCounts(controller.signal);
    expect(counts).toEqual({ pending: 7, active: 7, expired: 7, users: 7, unlocks: 7, admins: 0 });
    expect(signals()).toEqual(Array(6).fill(controller.signal));
  });

  it('read without one for a caller that has none (the bench script)', async () => {
    await listUsers(supabase, { page: 0, search: '' });
    expect(signals()).toEqual([undefined]);
  });
});
