/**
 * What Supabase's Security Advisor (splinter, https://github.com/supabase/splinter) would flag on
 * this project, found with the lints' own catalog queries: no policy re-evaluating auth.<fn>() or
 * current_setting() per row (0003 auth_rls_initplan), no foreign key without a covering index
 * (0001 unindexed_foreign_keys), no table without a primary key (0004 no_primary_key); and the
 * SECURITY DEFINER functions signed-in users may call (0029, a warning kept on purpose) are exactly
 * the ones listed below with the reason each is intended (supabase/README.md, "Security Advisor:
 * accepted warnings").
 */
import { describe, expect, it } from 'vitest';
import { database } from './project';

/** Schemas splinter leaves out: the platform's and extensions', not the project's. */
const platformSchemas = [
  '_timescaledb_cache',
  '_timescaledb_catalog',
  '_timescaledb_config',
  '_timescaledb_internal',
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pgmq',
  'pgroonga',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'pgbouncer',
  'pg_catalog',
  'realtime',
  'repack',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'tiger',
  'topology',
  'vault',
];
// 0003 keeps realtime in, for policies on realtime.messages.
const initplanExcludedSchemas = platformSchemas.filter((schema) => schema !== 'realtime');

/** config.toml's [api] schemas: what PostgREST serves, and so what 0029 looks at. */
const exposedSchemas = ['public'];

const admin =
  'admins only: it calls private.assert_admin() (an admin at aal2) before anything else';

const manager =
  "an organisation's managers (aal2) and admins only: it calls private.assert_organisation_manager() before anything else";
const learner = 'any signed-in user, for themselves only';

/**
 * Every SECURITY DEFINER function in an exposed schema that `authenticated` may execute, with why
 * it is meant to be. Each runs as its owner because it reads or writes what no API role may, and
 * decides itself who may do so.
 */
const signedInSecurityDefiners: Record<string, string> = {
  'public.admin_access_codes()': `${admin}; lists the codes without their hashes, which no API role may read`,
  'public.admin_lrs_clients()': `${admin}; lists the LRS clients without their secrets' hashes, which no API role may read`,
  'public.admin_funnel(days integer)': `${admin}; counts rows across the trial tables, unlocks and leads`,
  'public.admin_learning_summary(days integer)': `${admin}; counts every learner's progress`,
  'public.admin_module_starts(days integer)': `${admin}; counts every user's unlocks`,
  'public.admin_search_active_trials(pattern text)': `${admin}; searches past the policies, which keep an index from serving an ILIKE`,
  'public.admin_search_audit_log(actor_pattern text)': `${admin}; searches past the policies, which keep an index from serving an ILIKE`,
  'public.admin_search_certificates(pattern text)': `${admin}; searches past the policies, which keep an index from serving an ILIKE`,
  'public.admin_search_expired_trials(pattern text)': `${admin}; searches past the policies, which keep an index from serving an ILIKE`,
  'public.admin_search_leads(pattern text)': `${admin}; searches past the policies, which keep an index from serving an ILIKE; answers no client_key`,
  'public.admin_search_module_unlocks(pattern text)': `${admin}; searches past the policies, which keep an index from serving an ILIKE`,
  'public.admin_search_profiles(pattern text)': `${admin}; searches past the policies, which keep an index from serving an ILIKE`,
  'public.approve_trial(trial_id uuid)': `${admin}; writes the trial, the request and the notification in one transaction`,
  'public.create_access_code(organisation_id uuid, expires_at timestamp with time zone, seat_limit integer, module_slugs text[])': `${admin}; writes access_codes, which no API role may`,
  'public.create_lrs_client(name text, scopes text[])': `${admin}; writes lrs_clients, which no API role may`,
  'public.delete_active_trial(trial_id uuid)': `${admin}; deletes the trial and writes the audit log`,
  'public.expire_trial(trial_id uuid, can_retrial boolean)': `${admin}; moves the trial to expired_trials and notifies the user`,
  'public.grant_admin_role(user_email text)': `${admin}; writes user_roles, which no API role may`,
  'public.revoke_access_code(code_id uuid)': `${admin}; writes access_codes, which no API role may`,
  'public.revoke_certificate(certificate_id uuid, reason text)': `${admin}; writes certificates, which no API role may`,
  'public.export_my_data()':
    "signed-in users, their own data only; reads every table that holds it, Auth's identities and factors (names only) and the LRS's statements, which no API role may read",
  'public.my_portfolio_sends()':
    "any signed-in user, their own sends only: reads certificate_portfolio_sends and the sends' e-mail deliveries, which no learner may",
  'public.revoke_lrs_client(client_id uuid)': `${admin}; writes lrs_clients, which no API role may`,
  'public.send_certificate_to_portfolio(certificate_id uuid, recipient text)':
    'any signed-in user, on their own valid certificate only, five an hour: writes certificate_portfolio_sends and email_deliveries, which no API role may',
  'public.save_certificate_reflection(certificate_id uuid, learned text, application text, next_steps text)':
    "any signed-in user, on their own certificate only: writes the reflection's columns of certificates, which no API role may",
  'public.trial_password()':
    "any signed-in user: reads the shared trial password from private.settings and answers it only while the caller's own trial is active",
  'public.unlock_module(slug text, password text)':
    'any signed-in user: checks the answer against password hashes and code hashes the caller cannot read, counts wrong guesses in private.unlock_attempts and records the unlock with its grant',
  'public.update_lead(lead_id uuid, new_status text, new_note text)': `${admin}; writes leads, which no API role may`,
  'public.admin_organisations()': `${admin}; lists organisations with their seats and managers' e-mails, which no API role may read`,
  'public.create_organisation(name text, kind text, seats integer, term_starts_on date, term_ends_on date)': `${admin}; writes organisations and the audit log, which no API role may`,
  'public.update_organisation(organisation_id uuid, name text, kind text, seats integer, term_starts_on date, term_ends_on date)': `${admin}; writes organisations and the audit log, which no API role may`,
  'public.organisation_overview(organisation_id uuid)': `${manager}; reads the organisation and counts its members`,
  'public.organisation_members(organisation_id uuid)': `${manager}; reads the members' names and e-mails and their progress on assigned modules, which no API role may`,
  'public.remove_organisation_member(member_id uuid)': `${manager}; writes organisation_members and the audit log`,
  'public.set_member_cohort(member_id uuid, cohort_id uuid)': `${manager}; writes organisation_members and the audit log`,
  'public.organisation_cohorts(organisation_id uuid)': `${manager}; reads cohorts and counts their members`,
  'public.create_cohort(organisation_id uuid, name text)': `${manager}; writes cohorts and the audit log`,
  'public.rename_cohort(cohort_id uuid, name text)': `${manager}; writes cohorts and the audit log`,
  'public.delete_cohort(cohort_id uuid)': `${manager}; deletes a cohort and writes the audit log`,
  'public.organisation_assignments(organisation_id uuid)': `${manager}; reads assignments`,
  'public.assign_module(organisation_id uuid, module text, due_on date, cohort_id uuid)': `${manager}; writes assignments and the audit log`,
  'public.withdraw_assignment(assignment_id uuid)': `${manager}; writes assignments and the audit log`,
  'public.organisation_progress(organisation_id uuid, user_ids uuid[])': `${manager}; reads the members' progress and certificate codes on the modules the organisation shows, which no API role may`,
  'public.organisation_invitations(organisation_id uuid)': `${manager}; reads invitations and their e-mail deliveries`,
  'public.invite_organisation_members(organisation_id uuid, people jsonb, role text)': `${manager} (managers only by admins); writes invitations, cohorts, e-mail deliveries, notifications and the audit log in one transaction, counting seats under the organisation's row lock`,
  'public.resend_invitation(invitation_id uuid)': `${manager}; writes the invitation, its e-mail delivery and the audit log`,
  'public.withdraw_invitation(invitation_id uuid)': `${manager}; writes the invitation, cancels its e-mail and writes the audit log`,
  'public.my_managed_organisations()': `${learner}: the names of the organisations the caller manages, which no API role may read`,
  'public.my_organisations()': `${learner}: the caller's memberships with their organisations' names and terms`,
  'public.my_assignments()': `${learner}: the modules the caller's organisations assigned them, with due dates`,
  'public.my_invitations()': `${learner}: the open invitations to the caller's confirmed e-mail address`,
  'public.accept_invitation(invitation_id uuid)': `${learner}: an open invitation to the caller's confirmed address; writes the membership under the organisation's row lock`,
  'public.decline_invitation(invitation_id uuid)': `${learner}: an open invitation to the caller's confirmed address`,
  'public.verify_certificate(code text)':
    "anyone, signed in or not: answers one certificate's holder name, module, date, minutes and status, never the learner's other data, and counts each client's checks in private.certificate_checks",
};

describe('the Security Advisor', () => {
  it('finds no policy that re-evaluates auth.<function>() or current_setting() per row (0003)', async () => {
    const { rows } = await database().query<{ policy: string }>(
      `with policies as (
         select nsp.nspname as schema_name, pb.tablename as table_name,
           pc.relrowsecurity as is_rls_active, polname as policy_name, qual, with_check
         from pg_catalog.pg_policy pa
         join pg_catalog.pg_class pc on pa.polrelid = pc.oid
         join pg_catalog.pg_namespace nsp on pc.relnamespace = nsp.oid
         join pg_catalog.pg_policies pb
           on pc.relname = pb.tablename and nsp.nspname = pb.schemaname and pa.polname = pb.policyname
       )
       select format('%s.%s: %s', schema_name, table_name, policy_name) as policy
       from policies
       where is_rls_active
         and schema_name <> all ($1::text[])
         and (
           (qual like '%auth.uid()%' and lower(qual) not like '%select auth.uid()%')
           or (qual like '%auth.jwt()%' and lower(qual) not like '%select auth.jwt()%')
           or (qual like '%auth.role()%' and lower(qual) not like '%select auth.role()%')
           or (qual like '%auth.email()%' and lower(qual) not like '%select auth.email()%')
           or (qual like '%current\\_setting(%)%' and lower(qual) not like '%select current\\_setting(%)%')
           or (with_check like '%auth.uid()%' and lower(with_check) not like '%select auth.uid()%')
           or (with_check like '%auth.jwt()%' and lower(with_check) not like '%select auth.jwt()%')
           or (with_check like '%auth.role()%' and lower(with_check) not like '%select auth.role()%')
           or (with_check like '%auth.email()%' and lower(with_check) not like '%select auth.email()%')
           or (with_check like '%current\\_setting(%)%'
               and lower(with_check) not like '%select current\\_setting(%)%')
         )
       order by 1`,
      [initplanExcludedSchemas],
    );
    expect(
      rows.map((row) => row.policy),
      'wrap each call as (select auth.uid())',
    ).toEqual([]);
  });

  it('finds no foreign key without an index starting with its columns (0001)', async () => {
    const { rows } = await database().query<{ foreign_key: string }>(
      `with foreign_keys as (
         select cl.relnamespace::regnamespace::text as schema_name, cl.relname as table_name,
           cl.oid as table_oid, ct.conname as fkey_name, ct.conkey as col_attnums
         from pg_catalog.pg_constraint ct
         join pg_catalog.pg_class cl on ct.conrelid = cl.oid
         left join pg_catalog.pg_depend d on d.objid = cl.oid and d.deptype = 'e'
         where ct.contype = 'f'
           and d.objid is null
           and cl.relnamespace::regnamespace::text not in
             ('pg_catalog', 'information_schema', 'auth', 'storage', 'vault', 'extensions')
       ),
       index_ as (
         select pi.indrelid as table_oid, indexrelid::regclass as index_,
           string_to_array(indkey::text, ' ')::smallint[] as col_attnums
         from pg_catalog.pg_index pi
         where indisvalid
       )
       select format('%s.%s: %s', fk.schema_name, fk.table_name, fk.fkey_name) as foreign_key
       from foreign_keys fk
       left join index_ idx
         on fk.table_oid = idx.table_oid
         and fk.col_attnums = idx.col_attnums[1:array_length(fk.col_attnums, 1)]
       left join pg_catalog.pg_depend dep on idx.table_oid = dep.objid and dep.deptype = 'e'
       where idx.index_ is null
         and fk.schema_name <> all ($1::text[])
         and dep.objid is null
       order by 1`,
      [platformSchemas],
    );
    expect(rows.map((row) => row.foreign_key)).toEqual([]);
  });

  it('finds no table without a primary key (0004)', async () => {
    const { rows } = await database().query<{ table: string }>(
      `select format('%s.%s', pgns.nspname, pgc.relname) as table
       from pg_catalog.pg_class pgc
       join pg_catalog.pg_namespace pgns on pgns.oid = pgc.relnamespace
       left join pg_catalog.pg_index pgi on pgi.indrelid = pgc.oid
       left join pg_catalog.pg_depend dep on pgc.oid = dep.objid and dep.deptype = 'e'
       where pgc.relkind = 'r'
         and pgns.nspname <> all ($1::text[])
         and dep.objid is null
       group by pgc.oid, pgns.nspname, pgc.relname
       having max(coalesce(pgi.indisprimary, false)::int) = 0
       order by 1`,
      [platformSchemas],
    );
    expect(rows.map((row) => row.table)).toEqual([]);
  });

  it('lets signed-in users execute only the SECURITY DEFINER functions listed with a reason (0029)', async () => {
    const { rows } = await database().query<{ signature: string }>(
      `select format('%s.%s(%s)', n.nspname, p.proname,
           pg_catalog.pg_get_function_identity_arguments(p.oid)) as signature
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on p.pronamespace = n.oid
       where p.prosecdef
         and pg_catalog.has_function_privilege('authenticated', p.oid, 'EXECUTE')
         and n.nspname = any ($1::text[])
         and n.nspname <> all ($2::text[])
       order by 1`,
      [exposedSchemas, platformSchemas],
    );
    const found = rows.map((row) => row.signature);
    const listed = Object.keys(signedInSecurityDefiners).sort();
    const unlisted = found.filter((signature) => !listed.includes(signature));
    const gone = listed.filter((signature) => !found.includes(signature));
    expect(
      { unlisted, gone },
      [
        'Signed-in users may execute SECURITY DEFINER functions that are not listed, or listed ones are gone.',
        ...unlisted.map(
          (signature) =>
            `Intended? Add to signedInSecurityDefiners in supabase/tests/advisor.test.ts: '${signature}': '<who may call it and why it runs as its owner>', and its row to supabase/README.md ("Security Advisor: accepted warnings"); if not, revoke execute from authenticated or make it SECURITY INVOKER.`,
        ),
        ...gone.map(
          (signature) =>
            `Remove '${signature}' from signedInSecurityDefiners in supabase/tests/advisor.test.ts and from supabase/README.md.`,
        ),
      ].join('\n'),
    ).toEqual({ unlisted: [], gone: [] });
  });
});
