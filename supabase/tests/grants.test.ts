/**
 * The grant matrix: exactly which privileges each API role holds on every table, column, function
 * and schema. It runs on a database with Supabase's current default privileges and on one where the
 * legacy defaults (everything granted to anon and authenticated) were applied before the
 * migrations (the supabase-legacy-grants project), and must read the same on both. A new table or
 * function fails it until its row is written here.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, database, newUser } from './project';

const apiRoles = ['anon', 'authenticated', 'service_role'] as const;
const tablePrivileges = [
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'TRUNCATE',
  'REFERENCES',
  'TRIGGER',
];

const fullWrite = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];
const tables: Record<string, Record<(typeof apiRoles)[number], string[]>> = {
  profiles: { anon: [], authenticated: ['SELECT'], service_role: fullWrite },
  user_roles: { anon: [], authenticated: ['SELECT'], service_role: fullWrite },
  notifications: { anon: [], authenticated: ['SELECT'], service_role: fullWrite },
  pending_trials: { anon: [], authenticated: ['SELECT'], service_role: fullWrite },
  active_trial_users: { anon: [], authenticated: ['SELECT'], service_role: fullWrite },
  expired_trials: { anon: [], authenticated: ['SELECT'], service_role: fullWrite },
  module_unlocks: { anon: [], authenticated: ['SELECT'], service_role: fullWrite },
  access_codes: { anon: [], authenticated: [], service_role: fullWrite },
  // Append-only: rows come from the audit triggers, never from an API role.
  admin_audit_log: { anon: [], authenticated: ['SELECT'], service_role: ['SELECT'] },
  leads: { anon: [], authenticated: [], service_role: fullWrite },
  // Written only by the reminder job and the functions' RPCs (security definer); admins read it.
  email_deliveries: { anon: [], authenticated: ['SELECT'], service_role: ['SELECT'] },
  // The admin lists' views: the tables' row level security applies to the caller (security_invoker).
  admin_active_trials: { anon: [], authenticated: ['SELECT'], service_role: [] },
  admin_expired_trials: { anon: [], authenticated: ['SELECT'], service_role: [] },
  admin_module_unlocks: { anon: [], authenticated: ['SELECT'], service_role: [] },
  // The columns of leads that admins read (leads' own grants are per column, below).
  admin_leads: { anon: [], authenticated: ['SELECT'], service_role: [] },
  admin_certificates: { anon: [], authenticated: ['SELECT'], service_role: [] },
  // The access codes as listed: read only through admin_access_codes() and friends.
  admin_access_code_list: { anon: [], authenticated: [], service_role: [] },
  // Reached only through the LRS functions, the service role's included (the secrets' hashes).
  lrs_clients: { anon: [], authenticated: [], service_role: [] },
  admin_lrs_client_list: { anon: [], authenticated: [], service_role: [] },
  // Product information (module lengths), read by anyone.
  learning_modules: { anon: ['SELECT'], authenticated: ['SELECT'], service_role: ['SELECT'] },
  // Written only by the statement functions; learners read their own rows, column by column (below).
  learning_progress: { anon: [], authenticated: [], service_role: [] },
  // Issued by the completion trigger; learners read their own and admins all, column by column
  // (below: every column but revoked_by). The reflection and revocation go through functions.
  certificates: { anon: [], authenticated: [], service_role: ['SELECT'] },
  // Written by send_certificate_to_portfolio(); learners read theirs through my_portfolio_sends().
  certificate_portfolio_sends: { anon: [], authenticated: [], service_role: ['SELECT'] },
  // Organisations: managers and admins reach them only through the functions, which check the
  // caller; learners read their own memberships, column by column (below).
  organisations: { anon: [], authenticated: [], service_role: fullWrite },
  cohorts: { anon: [], authenticated: [], service_role: fullWrite },
  organisation_members: { anon: [], authenticated: [], service_role: fullWrite },
  organisation_invitations: { anon: [], authenticated: [], service_role: fullWrite },
  assignments: { anon: [], authenticated: [], service_role: fullWrite },
  // The organisations' lists, read only through their functions.
  admin_organisation_list: { anon: [], authenticated: [], service_role: [] },
  organisation_member_list: { anon: [], authenticated: [], service_role: [] },
  organisation_cohort_list: { anon: [], authenticated: [], service_role: [] },
  organisation_assignment_list: { anon: [], authenticated: [], service_role: [] },
  organisation_progress_cells: { anon: [], authenticated: [], service_role: [] },
  organisation_invitation_list: { anon: [], authenticated: [], service_role: [] },
  member_assignment_list: { anon: [], authenticated: [], service_role: [] },
  // Written only by the reminder job; read by the e-mail functions' calls (service role).
  assignment_reminders: { anon: [], authenticated: [], service_role: ['SELECT'] },
  overdue_digests: { anon: [], authenticated: [], service_role: ['SELECT'] },
};

/** Privileges on single columns beyond the table-level ones: "table.column PRIVILEGE role". */
const columnGrants = [
  ...['created_at', 'email', 'first_name', 'id', 'last_name', 'message', 'note', 'status']
    .concat(['search_text', 'subject', 'updated_at'])
    .map((column) => `leads.${column} SELECT authenticated`),
  ...['completed_at', 'first_launched_at', 'last_activity_at', 'module', 'percent', 'registration']
    .concat(['seconds_watched', 'user_id'])
    .map((column) => `learning_progress.${column} SELECT authenticated`),
  ...['code', 'completed_at', 'id', 'issued_at', 'module', 'reflected_at', 'reflection_application']
    .concat(['reflection_learned', 'reflection_next_steps', 'registration', 'revoked_at'])
    .concat(['revoked_reason', 'user_id', 'verified_minutes'])
    .map((column) => `certificates.${column} SELECT authenticated`),
  'module_unlocks.module_name INSERT authenticated',
  'module_unlocks.user_id INSERT authenticated',
  'notifications.read UPDATE authenticated',
  ...['cohort_id', 'id', 'joined_at', 'organisation_id', 'removed_at', 'role', 'user_id'].map(
    (column) => `organisation_members.${column} SELECT authenticated`,
  ),
  'notifications.read_at UPDATE authenticated',
  'pending_trials.email INSERT authenticated',
  'pending_trials.first_name INSERT authenticated',
  'pending_trials.last_name INSERT authenticated',
  'pending_trials.status INSERT authenticated',
  'pending_trials.status UPDATE authenticated',
  'pending_trials.user_id INSERT authenticated',
];

const signedIn = ['authenticated', 'service_role'];
const functions: Record<string, string[]> = {
  'public.abandon_stale_sessions': ['service_role'],
  'public.admin_access_codes': signedIn,
  'public.admin_funnel': signedIn,
  'public.admin_learning_summary': signedIn,
  'public.admin_lrs_clients': signedIn,
  'public.admin_module_starts': signedIn,
  'public.admin_search_active_trials': signedIn,
  'public.admin_search_audit_log': signedIn,
  'public.admin_search_certificates': signedIn,
  'public.admin_search_expired_trials': signedIn,
  'public.admin_search_leads': signedIn,
  'public.admin_search_module_unlocks': signedIn,
  'public.admin_search_profiles': signedIn,
  'public.approve_trial': signedIn,
  'public.claim_email_delivery': ['service_role'],
  'public.create_access_code': signedIn,
  'public.create_lrs_client': signedIn,
  'public.delete_active_trial': signedIn,
  // Data rights (docs/data-rights.md): the delete-account function's call, with the secret key;
  // the caller's own export; the retention job, run by pg_cron as its owner, by no API role.
  'public.delete_account': ['service_role'],
  'public.export_my_data': ['authenticated'],
  'public.apply_retention': [],
  'private.anonymise_audit_entries': [],
  'private.audit_personal_keys': [],
  'private.delete_account': [],
  'private.last_activity': [],
  'public.expire_lapsed_trials': ['service_role'],
  'public.expire_trial': signedIn,
  'public.grant_admin_role': signedIn,
  // The LRS edge function's calls, with the secret key; each checks the client it is given.
  'public.lrs_activity': ['service_role'],
  'public.lrs_admit': ['service_role'],
  'public.lrs_authenticate': ['service_role'],
  'public.lrs_delete_document': ['service_role'],
  'public.lrs_delete_state': ['service_role'],
  'public.lrs_document': ['service_role'],
  'public.lrs_document_ids': ['service_role'],
  'public.lrs_fetch_token': ['service_role'],
  'public.lrs_launch': ['service_role'],
  'public.lrs_person': ['service_role'],
  'public.lrs_post_document': ['service_role'],
  'public.lrs_put_document': ['service_role'],
  'public.lrs_statements': ['service_role'],
  'public.lrs_store_statements': ['service_role'],
  'public.my_portfolio_sends': signedIn,
  'public.record_email_delivery': ['service_role'],
  'public.revoke_access_code': signedIn,
  'public.revoke_certificate': signedIn,
  'public.revoke_lrs_client': signedIn,
  'public.save_certificate_reflection': signedIn,
  'public.send_certificate_emails': ['service_role'],
  'public.send_certificate_to_portfolio': signedIn,
  'public.send_trial_reminders': ['service_role'],
  'public.submit_lead': ['service_role'],
  'public.trial_password': signedIn,
  'public.unlock_module': signedIn,
  'public.update_lead': signedIn,
  // The public check of a certificate: anyone, signed in or not, counted per client.
  'public.verify_certificate': ['anon', 'authenticated', 'service_role'],
  'public.accept_invitation': signedIn,
  'public.admin_organisations': signedIn,
  'public.assign_module': signedIn,
  'public.create_cohort': signedIn,
  'public.create_organisation': signedIn,
  'public.decline_invitation': signedIn,
  'public.delete_cohort': signedIn,
  'public.invitation_email': ['service_role'],
  'public.assignment_reminder_email': ['service_role'],
  'public.overdue_digest_email': ['service_role'],
  'public.send_organisation_reminders': ['service_role'],
  'public.invite_organisation_members': signedIn,
  'public.my_assignments': signedIn,
  'public.my_invitations': signedIn,
  'public.my_managed_organisations': signedIn,
  'public.my_organisations': signedIn,
  'public.organisation_assignments': signedIn,
  'public.organisation_cohorts': signedIn,
  'public.organisation_invitations': signedIn,
  'public.organisation_members': signedIn,
  'public.organisation_overview': signedIn,
  'public.organisation_progress': signedIn,
  'public.remove_organisation_member': signedIn,
  'public.rename_cohort': signedIn,
  'public.resend_invitation': signedIn,
  'public.send_organisation_emails': ['service_role'],
  'public.set_member_cohort': signedIn,
  'public.update_organisation': signedIn,
  'public.withdraw_assignment': signedIn,
  'public.withdraw_invitation': signedIn,
  // Auth's hooks: Auth runs them as supabase_auth_admin; no API role may (account-protection.test.ts).
  'public.before_user_created': [],
  'public.mfa_verification_attempt': [],
  'public.mfa_lockout_email': ['service_role'],
  'public.send_security_emails': ['service_role'],
  'private.cap_factor_name': [],
  'private.has_verified_factor': [],
  'private.revoke_roles_without_factor': [],
  'private.mfa_lockout_message': [],
  'private.assert_organisation_manager': [],
  'private.check_cohort_name': [],
  'private.check_organisation': [],
  'private.is_organisation_manager': [],
  'private.join_organisation': [],
  'private.london_today': [],
  'private.open_invitation_for_caller': [],
  'private.organisation_in_term': [],
  'private.organisation_seats_taken': [],
  'private.organisation_seats_used': [],
  'private.send_invitation': [],
  'private.attempt_email_deliveries_now': [],
  'private.abandon_session': [],
  'private.access_code_hash': [],
  'private.access_code_seats_used': [],
  'private.activity_window_start': [],
  'private.assert_admin': [],
  'private.assert_email_delivered': [],
  'private.audit': [],
  'private.audit_access_code': [],
  'private.audit_admin_grant': [],
  'private.audit_certificate_revoked': [],
  'private.audit_lead_update': [],
  'private.audit_lrs_client': [],
  'private.audit_trial_expiry': [],
  'private.audit_trial_review': [],
  'private.attempt_email_deliveries': [],
  // Evaluated in the audit triggers' conditions, as the caller.
  'private.audited_caller': signedIn,
  'private.email_confirmed': [],
  'private.handle_new_user': [],
  'private.handle_user_email_change': [],
  'private.issue_certificate': [],
  'private.has_active_trial': signedIn,
  'private.is_admin': signedIn,
  'private.learning_record_statement': [],
  'private.lrs_credential_bounds': [],
  'private.lrs_document_owner': [],
  'private.lrs_live_client': [],
  'private.lrs_live_session': [],
  'private.lrs_request_limit': [],
  'private.lrs_scope_names': [],
  'private.lrs_secret_hash': [],
  'private.may_open_module': [],
  'private.may_request_trial': signedIn,
  'private.name_from_email': [],
  'private.new_access_code': [],
  'private.new_certificate_code': [],
  'private.normalised_access_code': [],
  'private.notify_trial_rejected': [],
  'private.on_trial_request_reviewed': [],
  'private.refuse_attachment_change': [],
  'private.refuse_audit_change': [],
  'private.refuse_statement_change': [],
  'private.request_client': [],
  'private.seconds_in': [],
  'private.settle_email_attempts': [],
  'private.tidy_name': [],
  'private.update_certificate_minutes': [],
  'private.training_module_slugs': [],
  'private.xapi_agent_key': [],
  'private.xapi_agent_keys': [],
  'private.video_played_segments': [],
  'private.xapi_comparable': [],
  'private.xapi_context_activity_ids': [],
  'private.xapi_document_key': [],
  'private.xapi_duration': [],
  'private.xapi_etag': [],
  'private.xapi_insert_statement': [],
  'private.xapi_json_object': [],
  'private.xapi_lms_statement': [],
  'private.xapi_object_activity_id': [],
  'private.xapi_object_agent': [],
  'private.xapi_related_activity_ids': [],
  'private.xapi_attachment_data': [],
  'private.xapi_related_agent_keys': [],
  'private.xapi_sha2': [],
  'private.xapi_statement_agent_keys': [],
  'private.xapi_timestamp': [],
};

describe('the grant matrix', () => {
  it('every table in public: exactly these table-level privileges per role', async () => {
    const { rows } = await database().query<{ table: string; role: string; privilege: string }>(
      `select c.relname as table, r.role, p.privilege
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       cross join unnest($1::text[]) as r (role)
       cross join unnest($2::text[]) as p (privilege)
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
         and has_table_privilege(r.role, c.oid, p.privilege)
       order by 1, 2, 3`,
      [apiRoles, tablePrivileges],
    );
    const { rows: all } = await database().query<{ table: string }>(
      `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f') order by 1`,
    );
    expect(all.map((row) => row.table)).toEqual(Object.keys(tables).sort());
    const actual: Record<string, Record<string, string[]>> = {};
    for (const { table, role, privilege } of rows) {
      const forTable = (actual[table] ??= {});
      (forTable[role] ??= []).push(privilege);
    }
    for (const [table, byRole] of Object.entries(tables)) {
      for (const role of apiRoles) {
        expect(actual[table]?.[role]?.sort() ?? [], `${table} for ${role}`).toEqual(
          [...byRole[role]].sort(),
        );
      }
    }
  });

  it('column privileges beyond the table-level ones', async () => {
    const { rows } = await database().query<{ grant: string }>(
      `select c.relname || '.' || a.attname || ' ' || p.privilege || ' ' || r.role as grant
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       cross join unnest($1::text[]) as r (role)
       cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) as p (privilege)
       where n.nspname = 'public' and c.relkind = 'r'
         and has_column_privilege(r.role, c.oid, a.attnum, p.privilege)
         and not has_table_privilege(r.role, c.oid, p.privilege)
       order by 1`,
      [apiRoles],
    );
    expect(rows.map((row) => row.grant)).toEqual([...columnGrants].sort());
  });

  it('no sequence in public is granted to anon or authenticated', async () => {
    const { rows } = await database().query(
      `select c.relname, r.role from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       cross join unnest(array['anon', 'authenticated']) as r (role)
       where n.nspname = 'public' and c.relkind = 'S'
         and has_sequence_privilege(r.role, c.oid, 'USAGE, SELECT, UPDATE')`,
    );
    expect(rows).toEqual([]);
  });

  it('every function in public and private: exactly these roles may execute it', async () => {
    const { rows } = await database().query<{ name: string; roles: string[] }>(
      `select n.nspname || '.' || p.proname as name,
         array(
           select r.role from unnest(array['public', 'anon', 'authenticated', 'service_role']) as r (role)
           where case when r.role = 'public'
             then exists (select from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) acl
                          where acl.grantee = 0 and acl.privilege_type = 'EXECUTE')
             else has_function_privilege(r.role, p.oid, 'EXECUTE') end
           order by 1
         ) as roles
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private')
       order by 1`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.roles]))).toEqual(
      Object.fromEntries(
        Object.entries(functions).map(([name, roles]) => [name, [...roles].sort()]),
      ),
    );
  });

  it('the private and cron schemas are closed to anon and authenticated (private: helpers only)', async () => {
    const { rows } = await database().query<{ schema: string; role: string }>(
      `select s.schema, r.role
       from unnest(array['private', 'cron']) as s (schema)
       cross join unnest(array['anon', 'authenticated']) as r (role)
       where case when exists (select from pg_namespace where nspname = s.schema)
         then has_schema_privilege(r.role, s.schema, 'USAGE') else false end
       order by 1, 2`,
    );
    // Signed-in users need USAGE on private only to evaluate the policies' helper functions.
    expect(rows).toEqual([{ schema: 'private', role: 'authenticated' }]);
  });

  it('the xapi schema (the LRS statements) is closed to every API role, the service role too', async () => {
    const { rows } = await database().query<{ object: string; role: string }>(
      `select 'schema xapi' as object, r.role
       from unnest(array['public', 'anon', 'authenticated', 'service_role']) as r (role)
       where has_schema_privilege(r.role, 'xapi', 'USAGE, CREATE')
       union all
       select c.relname, r.role
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       cross join unnest(array['public', 'anon', 'authenticated', 'service_role']) as r (role)
       where n.nspname = 'xapi' and case c.relkind
         when 'S' then has_sequence_privilege(r.role, c.oid, 'USAGE, SELECT, UPDATE')
         else has_table_privilege(r.role, c.oid,
           'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') end
       order by 1, 2`,
    );
    expect(rows).toEqual([]);
    const { rows: functions } = await database().query(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'xapi'`,
    );
    expect(functions).toEqual([]);
  });
});

describe('the matrix through the API', () => {
  for (const table of Object.keys(tables).filter((name) => !tables[name]?.anon.length)) {
    it(`anon reading ${table} gets 401 and 42501, not an empty list`, async () => {
      const { status, error, data } = await anonClient().from(table).select('*');
      expect({ status, code: error?.code, data }).toEqual({
        status: 401,
        code: '42501',
        data: null,
      });
    });
  }

  it('a signed-in user cannot run the expiry job', async () => {
    const { client } = await newUser('Job Runner');
    const { error } = await client.rpc('expire_lapsed_trials');
    expect(error?.code).toBe('42501');
  });

  it('a signed-in user can mark a notification read but change nothing else about it', async () => {
    const user = await newUser('Notification Owner');
    const { rows } = await database().query<{ id: string }>(
      `insert into public.notifications (user_id, title, message) values ($1, 'Hello', 'World')
       returning id`,
      [user.id],
    );
    const id = rows[0]?.id;
    for (const change of [
      { title: 'Rewritten' },
      { message: 'Rewritten' },
      { type: 'error' },
      { created_at: '2020-01-01T00:00:00Z' },
      { user_id: user.id },
    ]) {
      const { error } = await user.client.from('notifications').update(change).eq('id', id);
      expect(error?.code, JSON.stringify(change)).toBe('42501');
    }
    const { error } = await user.client
      .from('notifications')
      .update({ read: true, read_at: new Date().toISOString() })
      .eq('id', id);
    expect(error).toBeNull();
    const { rows: after } = await database().query(
      'select title, message, type, read from public.notifications where id = $1',
      [id],
    );
    expect(after).toEqual([{ title: 'Hello', message: 'World', type: 'info', read: true }]);
  });
});

describe('the seed', () => {
  it('leaves no NULL in the token columns GoTrue reads as strings', async () => {
    const { rows } = await database().query<{ email: string }>(
      `select email from auth.users
       where confirmation_token is null or recovery_token is null or email_change is null
          or email_change_token_new is null or email_change_token_current is null
          or reauthentication_token is null or phone_change is null or phone_change_token is null`,
    );
    expect(rows).toEqual([]);
  });
});
