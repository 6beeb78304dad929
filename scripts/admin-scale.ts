/**
 * Admin dashboard at scale (issue: 10,000 users). Starts a throwaway local backend with this
 * project's migrations and seed, adds 10,000 users with pending, active and expired trials and module
 * unlocks, then times each admin tab's first page and a search by part of an e-mail, through the same
 * list functions the dashboard uses, signed in as the seeded admin. Exits 1 over the 300 ms budget.
 * Usage: npm run bench:admin
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import { clientFor, startTestBackend } from '@revolve/local-backend/testing';
import { LOCAL_ANON_KEY } from '@revolve/local-backend/keys';
import {
  listActiveTrials,
  listAdmins,
  listExpiredTrials,
  listPendingTrials,
  listUnlocks,
  listUsers,
} from '../src/features/admin/api';
import type { Database } from '../src/lib/database.types';

const USERS = 10_000;
const BUDGET_MS = 300;

const backend = await startTestBackend({
  supabaseDir: resolve(import.meta.dirname, '..', 'supabase'),
});
try {
  const { pool } = backend.backend.deps;
  const seeding = performance.now();
  await pool.query(`
    insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
      'scale-user-' || n || '@example.org', jsonb_build_object('name', 'Scale User ' || n),
      now() - (n || ' minutes')::interval, now()
    from generate_series(1, ${USERS}) as n`);
  // Users 1-1000 have a pending request, 1001-4000 an active trial, 4001-6000 an expired one; every
  // other user unlocked a module.
  await pool.query(`
    with numbered as (
      select id, email, (regexp_match(email, '(\\d+)@'))[1]::int as n from public.profiles
      where email like 'scale-user-%'
    ),
    pending as (
      insert into public.pending_trials (user_id, email, first_name, last_name, status, submitted_at)
      select id, email, 'Scale', 'User ' || n, 'pending', now() - (n || ' minutes')::interval
      from numbered where n <= 1000 returning 1
    ),
    active as (
      insert into public.active_trial_users (user_id, email, status, granted_at, expires_at)
      select id, email, 'active', now() - (n || ' minutes')::interval, now() + interval '20 days'
      from numbered where n between 1001 and 4000 returning 1
    ),
    expired as (
      insert into public.expired_trials (user_id, email, expired_at, can_retrial)
      select id, email, now() - (n || ' minutes')::interval, n % 2 = 0
      from numbered where n between 4001 and 6000 returning 1
    )
    insert into public.module_unlocks (user_id, module_name, unlocked_at)
    select id, (array['dementia', 'womens-health', 'conflict-resolution'])[1 + n % 3],
      now() - (n || ' minutes')::interval
    from numbered where n % 2 = 1`);
  await pool.query('analyze');
  console.log(`Seeded ${USERS} users in ${Math.round(performance.now() - seeding)} ms.`);

  const admin = clientFor(backend.url, LOCAL_ANON_KEY) as SupabaseClient<Database>;
  const { error } = await admin.auth.signInWithPassword({
    email: 'admin@example.com',
    password: 'Password123',
  });
  if (error) throw error;

  const firstPage = { page: 0, search: '' };
  const cases: [string, () => Promise<{ rows: unknown[]; total: number }>][] = [
    ['Pending Trials', () => listPendingTrials(admin, firstPage)],
    ['Active Trials', () => listActiveTrials(admin, firstPage)],
    ['Expired Trials', () => listExpiredTrials(admin, firstPage)],
    ['All Users', () => listUsers(admin, firstPage)],
    ['Module Unlocks', () => listUnlocks(admin, firstPage)],
    ['Admin Management', () => listAdmins(admin, firstPage)],
    ['All Users, search "user-7342@"', () => listUsers(admin, { page: 0, search: 'user-7342@' })],
    [
      'Active Trials, search "user-2500"',
      () => listActiveTrials(admin, { page: 0, search: 'user-2500' }),
    ],
    ['All Users, page 200', () => listUsers(admin, { page: 200, search: '' })],
  ];
  const over: string[] = [];
  console.log('\nFirst page of each admin list (median of 5, after one warm-up):');
  for (const [name, run] of cases) {
    const result = await run();
    const timings: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await run();
      timings.push(performance.now() - started);
    }
    const median = timings.sort((a, b) => a - b)[2] ?? 0;
    console.log(
      `  ${name.padEnd(36)} ${median.toFixed(1).padStart(7)} ms   ${result.rows.length} rows of ${result.total}`,
    );
    if (median > BUDGET_MS) over.push(name);
    if (name.includes('search') && result.total < 1) over.push(`${name} found nothing`);
  }
  if (over.length > 0) {
    console.error(`\nOver ${BUDGET_MS} ms or wrong: ${over.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await backend.stop();
}
