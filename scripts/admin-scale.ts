/**
 * Admin dashboard at scale (issue: 100,000 users). Starts a throwaway local backend with this
 * project's migrations and seed, adds the users (100,000 unless given) with pending, active and
 * expired trials and module unlocks, as many leads and twice as many audit entries, then times each
 * admin tab's first page and a search by part of an e-mail, through the same list functions the
 * dashboard uses, the sales pages' lists and funnel (/admin/leads, /admin/activity) and the
 * certificates (/admin/certificates, one for each user with an active trial), signed in
 * as the seeded admin. Exits 1 when a first page or a search takes over 100 ms (a page deep into a
 * list, or the activity page's counts over a period: 300 ms), or a search finds nothing.
 * Usage: npm run bench:admin [-- <users>]   (or ADMIN_BENCH_USERS=<users>)
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import { clientFor, startTestBackend, totpCode } from '@revolve/local-backend/testing';
import { LOCAL_PUBLISHABLE_KEY } from '@revolve/local-backend/keys';
import {
  listActiveTrials,
  listAdmins,
  listExpiredTrials,
  listPendingTrials,
  listUnlocks,
  listUsers,
} from '../src/features/admin/api';
import { listAuditLog, listLeads, readFunnel, readModuleStarts } from '../src/features/sales/api';
import { listCertificates } from '../src/features/certificates/adminList';
import type { Database } from '../src/lib/database.types';
import { seeded, seededAdminTotpSecret, seedPassword } from '../supabase/tests/seedAccounts';

const USERS = Number(process.argv[2] ?? process.env.ADMIN_BENCH_USERS ?? 100_000);
if (!Number.isInteger(USERS) || USERS < 1_000) {
  console.error('The number of users must be a whole number of at least 1,000.');
  process.exit(2);
}
const BUDGET_MS = 100;
/**
 * For reads that go through many rows by design: a page deep into a list (an offset read walks
 * every row before it) and the activity page's counts over a period.
 */
const WIDE_READ_BUDGET_MS = 300;
/** User number `fraction` of the way through the users: the seeded groups are shares of them. */
const nth = (fraction: number) => Math.round(USERS * fraction);

const backend = await startTestBackend({
  supabaseDir: resolve(import.meta.dirname, '..', 'supabase'),
});
try {
  const { pool } = backend;
  const seeding = performance.now();
  await pool.query(`
    insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
      'scale-user-' || n || '@example.org', jsonb_build_object('name', 'Scale User ' || n),
      now() - (n || ' minutes')::interval, now()
    from generate_series(1, ${USERS}) as n`);
  // The first tenth of the users have a pending request, the next three tenths an active trial, the
  // next two an expired one; every other user unlocked a module.
  await pool.query(`
    with numbered as (
      select id, email, (regexp_match(email, '(\\d+)@'))[1]::int as n from public.profiles
      where email like 'scale-user-%'
    ),
    pending as (
      insert into public.pending_trials (user_id, email, first_name, last_name, status, submitted_at)
      select id, email, 'Scale', 'User ' || n, 'pending', now() - (n || ' minutes')::interval
      from numbered where n <= ${nth(0.1)} returning 1
    ),
    active as (
      insert into public.active_trial_users (user_id, email, status, granted_at, expires_at)
      select id, email, 'active', now() - (n || ' minutes')::interval, now() + interval '20 days'
      from numbered where n between ${nth(0.1) + 1} and ${nth(0.4)} returning 1
    ),
    expired as (
      insert into public.expired_trials (user_id, email, expired_at, can_retrial)
      select id, email, now() - (n || ' minutes')::interval, n % 2 = 0
      from numbered where n between ${nth(0.4) + 1} and ${nth(0.6)} returning 1
    )
    insert into public.module_unlocks (user_id, module_name, unlocked_at)
    select id, (array['dementia', 'womens-health', 'conflict-resolution'])[1 + n % 3],
      now() - (n || ' minutes')::interval
    from numbered where n % 2 = 1`);
  // The sales pages: the users with an active trial asked for it before it was approved, and every
  // fifth user with an active or expired trial later unlocked a module with an access code; a lead
  // per user; two audit entries per user.
  await pool.query(`
    with numbered as (
      select id, email, (regexp_match(email, '(\\d+)@'))[1]::int as n from public.profiles
      where email like 'scale-user-%'
    ),
    approved as (
      insert into public.pending_trials (user_id, email, first_name, last_name, status, submitted_at, reviewed_at)
      select id, email, 'Scale', 'User ' || n, case when n % 10 = 0 then 'rejected' else 'approved' end,
        now() - ((n + 120) || ' minutes')::interval, now() - ((n + 60) || ' minutes')::interval
      from numbered where n between ${nth(0.1) + 1} and ${nth(0.4)} returning 1
    ),
    code as (
      insert into public.access_codes (organisation, code_hash, code_hint)
      values ('Scale Practice', md5('scale') || md5('code'), 'SCAL') returning id
    )
    insert into public.module_unlocks (user_id, module_name, unlocked_at, grant_kind, access_code_id)
    select numbered.id, 'home-visits', now() - ((n / 2) || ' minutes')::interval, 'access_code', code.id
    from numbered, code where n between ${nth(0.1) + 1} and ${nth(0.6)} and n % 5 = 0`);
  await pool.query(`
    insert into public.leads (first_name, last_name, email, subject, message, client_key, created_at)
    select 'Lead', 'Number ' || n, 'scale-lead-' || n || '@example.org',
      'Registering interest in Revolve 360 Training', 'Please keep me updated.', repeat('0', 64),
      now() - (n || ' minutes')::interval
    from generate_series(1, ${USERS}) as n`);
  await pool.query(`
    insert into public.admin_audit_log (actor_id, actor_email, action, target_id, details, at)
    select null, 'scale-admin-' || n % 20 || '@example.org',
      (array['approve_trial', 'reject_trial', 'expire_trial', 'update_lead'])[1 + n % 4],
      gen_random_uuid(), jsonb_build_object('email', 'scale-user-' || n || '@example.org'),
      now() - (n || ' minutes')::interval
    from generate_series(1, ${USERS * 2}) as n`);
  // Certificates: every user with an active trial completed Rural Minds (its registration, as the
  // learning record store keeps it) and holds its certificate; every tenth of those was revoked.
  await pool.query(`
    with numbered as (
      select id, (regexp_match(email, '(\\d+)@'))[1]::int as n from public.profiles
      where email like 'scale-user-%'
    ),
    progress as (
      insert into public.learning_progress (user_id, module, actor, actor_key, activity_id,
        lms_authority, seconds_watched, percent, completed_at)
      select id, 'rural-minds', jsonb_build_object('account', jsonb_build_object('name', id)),
        'account:' || id, 'https://revolve.example/xapi/activities/module/rural-minds', '{}',
        1400, 93, now() - (n || ' minutes')::interval
      from numbered where n between ${nth(0.1) + 1} and ${nth(0.4)}
      returning registration, user_id, completed_at
    )
    insert into public.certificates (code, user_id, module, registration, completed_at,
      verified_minutes, issued_at, revoked_at, revoked_reason)
    select private.new_certificate_code(), user_id, 'rural-minds', registration, completed_at, 23,
      completed_at, case when row_number() over () % 10 = 0 then now() end,
      case when row_number() over () % 10 = 0 then 'Issued in error' end
    from progress`);
  await pool.query('analyze');
  const {
    rows: [someCertificate],
  } = await pool.query<{ code: string }>(
    'select code from public.certificates order by issued_at limit 1 offset 12345',
  );
  console.log(`Seeded ${USERS} users in ${Math.round(performance.now() - seeding)} ms.`);

  const admin = clientFor(backend.url, LOCAL_PUBLISHABLE_KEY) as SupabaseClient<Database>;
  const { error } = await admin.auth.signInWithPassword({
    email: seeded.admin.email,
    password: seedPassword,
  });
  if (error) throw error;
  // Admin reads need the second factor: the seeded admin's app secret is published (supabase/seed.sql).
  const { data: factors } = await admin.auth.mfa.listFactors();
  const factorId = factors?.totp[0]?.id;
  if (!factorId) throw new Error('The seeded admin has no authenticator app.');
  const verified = await admin.auth.mfa.challengeAndVerify({
    factorId,
    code: totpCode(seededAdminTotpSecret),
  });
  if (verified.error) throw verified.error;

  const firstPage = { page: 0, search: '' };
  /** A single answer as a list of one, or a list as itself, to print beside the lists. */
  const asPage = (answer: object) => {
    const rows = Array.isArray(answer) ? (answer as unknown[]) : [answer];
    return { rows, total: rows.length };
  };
  // Each search names one seeded user (or lead, or admin) by part of an e-mail or a name, in the
  // group the list shows.
  const user = (fraction: number) => `user-${nth(fraction)}`;
  const cases: [string, () => Promise<{ rows: unknown[]; total: number }>][] = [
    ['Pending Trials', () => listPendingTrials(admin, firstPage)],
    ['Active Trials', () => listActiveTrials(admin, firstPage)],
    ['Expired Trials', () => listExpiredTrials(admin, firstPage)],
    ['All Users', () => listUsers(admin, firstPage)],
    ['Module Unlocks', () => listUnlocks(admin, firstPage)],
    ['Admin Management', () => listAdmins(admin, firstPage)],
    ...(
      [
        ['Pending Trials', user(0.05), listPendingTrials],
        ['Active Trials', user(0.25), listActiveTrials],
        ['Expired Trials', user(0.5), listExpiredTrials],
        ['All Users', `${user(0.7342)}@`, listUsers],
        ['All Users', `User ${nth(0.7342)}`, listUsers],
        ['Module Unlocks', user(0.4321), listUnlocks],
      ] as const
    ).map(([list, search, read]): (typeof cases)[number] => [
      `${list}, search "${search}"`,
      () => read(admin, { page: 0, search }),
    ]),
    ['All Users, page 200', () => listUsers(admin, { page: 200, search: '' })],
    ['Leads', () => listLeads(admin, { page: 0, search: '', status: null })],
    [
      `Leads, search "lead-${nth(0.7342)}@"`,
      () => listLeads(admin, { page: 0, search: `lead-${nth(0.7342)}@`, status: null }),
    ],
    [
      'Leads, status New, page 100',
      () => listLeads(admin, { page: 100, search: '', status: 'new' }),
    ],
    ['Certificates', () => listCertificates(admin, firstPage)],
    [
      `Certificates, search "${user(0.25)}@"`,
      () => listCertificates(admin, { page: 0, search: `${user(0.25)}@` }),
    ],
    [
      'Certificates, search by code',
      () => listCertificates(admin, { page: 0, search: someCertificate?.code ?? '' }),
    ],
    ['Audit log', () => listAuditLog(admin, { page: 0, action: null, actor: '' })],
    [
      'Audit log, update_lead by "admin-7@"',
      () => listAuditLog(admin, { page: 0, action: 'update_lead', actor: 'admin-7@' }),
    ],
    ...[30, 90, 366].flatMap((days): typeof cases => [
      [`Funnel, ${days} days`, () => readFunnel(admin, days).then(asPage)],
      [`Module starts, ${days} days`, () => readModuleStarts(admin, days).then(asPage)],
    ]),
  ];
  const over: string[] = [];
  console.log(`\nFirst page of each admin list, ${USERS} users (median of 5, after one warm-up):`);
  for (const [name, run] of cases) {
    const result = await run();
    const timings: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await run();
      timings.push(performance.now() - started);
    }
    const median = timings.sort((a, b) => a - b)[2] ?? 0;
    const budget = /page [1-9]|Funnel|Module starts/.test(name) ? WIDE_READ_BUDGET_MS : BUDGET_MS;
    console.log(
      `  ${name.padEnd(40)} ${median.toFixed(1).padStart(7)} ms   ${result.rows.length} rows of ${result.total}`,
    );
    if (median > budget) over.push(`${name} (${median.toFixed(0)} ms, budget ${budget} ms)`);
    if (/search|Funnel|Module starts|by "/.test(name) && result.total < 1)
      over.push(`${name} found nothing`);
  }
  if (over.length > 0) {
    console.error(`\nOver budget or wrong: ${over.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await backend.stop();
}
