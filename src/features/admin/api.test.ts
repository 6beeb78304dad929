import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerAdminLists } from '@/test/adminServer';
import { stepsOf, supabaseFake } from '@/test/supabaseFake';
import { fetchAdminCounts, fetchAdminList, listUsers } from './api';

vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

/** The signal each request was given, in the order they were made. */
const signals = () => supabaseFake.calls().map((call) => stepsOf(call, 'abortSignal')[0]?.[0]);

describe('admin reads', () => {
  beforeEach(() => {
    supabaseFake.reset();
    const noRowsOfSeven = { data: [], count: 7 };
    answerAdminLists(noRowsOfSeven);
    supabaseFake.answer('rpc:admin_search_profiles', noRowsOfSeven);
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
    await listUsers(supabaseFake.client, { page: 0, search: '' });
    expect(signals()).toEqual([undefined]);
  });
});
