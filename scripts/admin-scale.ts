/**
 * Admin dashboard at scale (issue: 100,000 users). Starts a throwaway local backend with this
 * project's migrations and seed, adds the users (100,000 unless given) with pending, active and
 * expired trials and module unlocks, as many leads and twice as many audit entries, then times each
 * admin tab's first page and a search by part of an e-mail, through the same list functions the
 * dashboard uses, the sales pages' lists and funnel (/admin/leads, /admin/activity) and the
 * certificates (/admin/certificates, one for each user with an active trial), signed in
 * as the seeded admin. Then an organisation of 2,000 members (issue: the organisation workspace)
 * with every assignable module assigned, read by its manager as /organisation does: the members'
 * first page, the completion matrix's cells for that page and for everyone (the CSV export); and
 * an invitation of 500 people at once. Exits 1 when a first page or a search takes over 100 ms (a
 * page deep into a list, the activity page's counts over a period, or the matrix: 300 ms; the
 * invitation: 10 s), or a search finds nothing.
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
import {
  seeded,
  seededAdminTotpSecret,
  seededManagerTotpSecret,
  seedPassword,
} from '../supabase/tests/seedAccounts';

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
    organisation as (
      insert into public.organisations (name, kind, seats, term_starts_on, term_ends_on)
      values ('Scale Practice', 'gp_practice', 100000, current_date - 30, current_date + 335)
      returning id
    ),
    code as (
      insert into public.access_codes (organisation_id, code_hash, code_hint)
      select id, md5('scale') || md5('code'), 'SCAL' from organisation returning id
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
  // The organisation workspace: 2,000 users without trials join Scale Trust, the seeded manager
  // manages it, four cohorts of 500, every assignable module assigned (two of them to a cohort),
  // and progress: each member started a third of the modules, and completed half of those.
  const MEMBERS = 2_000;
  await pool.query(`
    with organisation as (
      insert into public.organisations (name, kind, seats, term_starts_on, term_ends_on)
      values ('Scale Trust', 'trust', 5000, current_date - 30, current_date + 335) returning id
    ),
    cohorts as (
      insert into public.cohorts (organisation_id, name)
      select organisation.id, 'Cohort ' || c from organisation, generate_series(1, 4) as c
      returning id, name
    ),
    numbered as (
      select id, (regexp_match(email, '(\\d+)@'))[1]::int as n from public.profiles
      where email like 'scale-user-%'
    ),
    members as (
      insert into public.organisation_members (organisation_id, user_id, role, cohort_id)
      select organisation.id, numbered.id, 'learner',
        (select cohorts.id from cohorts where cohorts.name = 'Cohort ' || (1 + n % 4))
      from organisation, numbered
      where n between ${nth(0.6) + 1} and ${nth(0.6) + MEMBERS}
      returning 1
    ),
    manager as (
      insert into public.organisation_members (organisation_id, user_id, role)
      select organisation.id, '${seeded.manager.id}', 'manager' from organisation returning 1
    )
    insert into public.assignments (organisation_id, cohort_id, module, due_on)
    select organisation.id,
      case when slug in ('group-menopause', 'group-diabetes')
        then (select cohorts.id from cohorts where cohorts.name = 'Cohort 1') end,
      slug, current_date + (place::int * 7 - 20)
    from organisation, unnest(private.training_module_slugs()) with ordinality as module (slug, place)`);
  await pool.query(`
    insert into public.learning_progress (user_id, module, actor, actor_key, activity_id,
      lms_authority, seconds_watched, percent, completed_at)
    select m.user_id, a.module, jsonb_build_object('account', jsonb_build_object('name', m.user_id)),
      'account:' || m.user_id, 'https://revolve.example/xapi/activities/module/' || a.module, '{}',
      600, case when (hashtext(m.user_id::text || a.module) % 6 + 6) % 6 = 0 then 100 else 45 end,
      case when (hashtext(m.user_id::text || a.module) % 6 + 6) % 6 = 0 then now() - interval '1 day' end
    from public.organisation_members m
    join public.organisations o on o.id = m.organisation_id and o.name = 'Scale Trust'
    join public.assignments a on a.organisation_id = o.id and a.cohort_id is null
    where m.role = 'learner' and (hashtext(m.user_id::text || a.module) % 3 + 3) % 3 = 0
    on conflict (user_id, module) do nothing`);
  const {
    rows: [scaleTrust],
  } = await pool.query<{ id: string }>(
    "select id from public.organisations where name = 'Scale Trust'",
  );
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
  // The manager's reads, as /organisation makes them, at aal2 through the seeded manager's app.
  const manager = clientFor(backend.url, LOCAL_PUBLISHABLE_KEY) as SupabaseClient<Database>;
  const signedInManager = await manager.auth.signInWithPassword({
    email: seeded.manager.email,
    password: seedPassword,
  });
  if (signedInManager.error) throw signedInManager.error;
  const { data: managerFactors } = await manager.auth.mfa.listFactors();
  const managerFactor = managerFactors?.totp[0]?.id;
  if (!managerFactor) throw new Error('The seeded manager has no authenticator app.');
  const managerVerified = await manager.auth.mfa.challengeAndVerify({
    factorId: managerFactor,
    code: totpCode(seededManagerTotpSecret),
  });
  if (managerVerified.error) throw managerVerified.error;
  const organisation_id = scaleTrust?.id ?? '';
  const membersPage = async () => {
    const { data, error: failed } = await manager
      .rpc('organisation_members', { organisation_id }, { count: 'exact' })
      .order('name')
      .range(0, 24);
    if (failed) throw failed;
    return data;
  };
  cases.push(
    [
      'Organisation members, first page',
      async () => {
        const rows = await membersPage();
        return { rows, total: rows.length };
      },
    ],
    [
      'Organisation matrix, first page',
      async () => {
        const page = await membersPage();
        const { data, error: failed } = await manager.rpc('organisation_progress', {
          organisation_id,
          user_ids: page.flatMap((member) => (member.user_id ? [member.user_id] : [])),
        });
        if (failed) throw failed;
        return { rows: data, total: data.length };
      },
    ],
    [
      'Organisation matrix, every member (CSV)',
      async () => {
        const { data, error: failed } = await manager.rpc('organisation_progress', {
          organisation_id,
        });
        if (failed) throw failed;
        return { rows: data, total: data.length };
      },
    ],
  );
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
    const budget = /page [1-9]|Funnel|Module starts|Organisation/.test(name)
      ? WIDE_READ_BUDGET_MS
      : BUDGET_MS;
    console.log(
      `  ${name.padEnd(40)} ${median.toFixed(1).padStart(7)} ms   ${result.rows.length} rows of ${result.total}`,
    );
    if (median > budget) over.push(`${name} (${median.toFixed(0)} ms, budget ${budget} ms)`);
    if (/search|Funnel|Module starts|by "/.test(name) && result.total < 1)
      over.push(`${name} found nothing`);
  }
  // 500 people invited at once (a full CSV), as the invite dialog sends them. The invitations'
  // e-mails are not what is measured: without the project's address in Vault none is attempted
  // (500 function calls still under way would also hold up the backend's stop).
  await pool.query("delete from vault.secrets where name = 'project_url'");
  const people = Array.from({ length: 500 }, (_, index) => ({
    email: `scale-invitee-${index}@example.org`,
    name: `Invitee ${index}`,
    cohort: `Intake ${index % 5}`,
  }));
  const inviting = performance.now();
  const invited = await manager.rpc('invite_organisation_members', { organisation_id, people });
  const inviteMs = performance.now() - inviting;
  if (invited.error) throw invited.error;
  const invitedCount = invited.data.filter((row) => row.result === 'invited').length;
  console.log(
    `\n  ${'Invite 500 people (one call)'.padEnd(40)} ${inviteMs.toFixed(1).padStart(7)} ms   ${invitedCount} invited`,
  );
  if (inviteMs > 10_000 || invitedCount !== 500)
    over.push(
      `Invite 500 people (${inviteMs.toFixed(0)} ms, ${invitedCount} invited, budget 10 s)`,
    );
  if (over.length > 0) {
    console.error(`\nOver budget or wrong: ${over.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await backend.stop();
}
