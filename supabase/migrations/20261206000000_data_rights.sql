-- Data rights and retention (DESIGN.md section 7; docs/data-rights.md): the privacy notice promises
-- that personal data is kept for 3 years from a person's last activity, then deleted or anonymised,
-- and that a user can take their data and leave.
--
--   * private.delete_account(target): deletes an account's personal data in one transaction, and
--     stops the account signing in (banned, every session ended) until Auth deletes it. The edge
--     function delete-account calls it through public.delete_account (secret key) and then has
--     Auth delete the user (auth.admin.deleteUser); the retention job deletes the auth.users row
--     itself. Idempotent: a retry, or a second call at the same time, finishes the job.
--   * public.apply_retention(): the daily job. Accounts inactive for 3 years go as above; leads and
--     organisation invitations after 3 years; the audit log's lines past 3 years are anonymised;
--     pg_cron's run history and pg_net's responses are kept 30 days.
--   * public.export_my_data(): everything the platform holds about the caller, as one JSON document.
--
-- The admin audit log stays append-only (20261124200000): its trigger lets through one change only,
-- the blanking of personal columns by private.anonymise_audit_entries, which switches a
-- transaction-local setting on around its own update. API roles hold no update grant on the log,
-- so they cannot reach that path; every other change is refused as before.

-- The codes of certificates whose holder deleted their account: the verification answers
-- 'withdrawn' for them. Only the code and when, nothing about the holder.
create table private.withdrawn_certificates (
  code text primary key check (code ~ '^[2-9A-HJ-NP-Z]{12}$'),
  withdrawn_at timestamptz not null default now()
);
alter table private.withdrawn_certificates enable row level security;
revoke all on private.withdrawn_certificates from public, anon, authenticated, service_role;

-- Deleting an account finds the audit lines that name it by id or by address.
create index admin_audit_log_target_user_idx on public.admin_audit_log (target_user_id)
  where target_user_id is not null;
create index admin_audit_log_detail_email_idx on public.admin_audit_log (lower(details ->> 'email'))
  where details ? 'email';

-- Blanks the personal columns of the audit lines `ids` (the log's trigger lets this update
-- through, and no other): with no `person`, the actor (id and e-mail), the target user and the
-- details' personal keys (private.audit_personal_keys) of every line; with a `person`, only where
-- the line names them (an admin who acted on a deleted account stays named), the details' personal
-- keys of the lines about them; with `details_only`, the details' personal keys alone. Answers the
-- number of lines changed.
create function private.anonymise_audit_entries(ids bigint[], person uuid default null,
  person_email text default null, details_only boolean default false)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  address text := lower(person_email);
  changed integer;
begin
  perform set_config('revolve.anonymising_audit_log', 'on', true);
  update public.admin_audit_log a set
    actor_id = case when not details_only and (person is null or a.actor_id = person
        or lower(a.actor_email) = address) then null else a.actor_id end,
    actor_email = case when not details_only and (person is null or a.actor_id = person
        or lower(a.actor_email) = address) then null else a.actor_email end,
    target_user_id = case when not details_only and (person is null or a.target_user_id = person)
      then null else a.target_user_id end,
    details = case when details_only or person is null or a.target_user_id = person
        or lower(a.details ->> 'email') = address
      then a.details - private.audit_personal_keys() else a.details end
  where a.id = any (ids);
  get diagnostics changed = row_count;
  perform set_config('revolve.anonymising_audit_log', 'off', true);
  return changed;
end;
$$;

-- Deletes an account's personal data (docs/data-rights.md says what goes and what stays):
--   * its organisation memberships end (the seats are free at once) and go with the profile;
--   * its certificates are withdrawn: the codes are kept, alone, so that a check says so;
--   * its learning records (the LRS's statements about it, its state documents) are erased;
--   * invitations to its address and their e-mails are deleted;
--   * the audit lines naming it are anonymised, and a line 'delete_account' records the deletion
--     without naming the account;
--   * the profile goes, and with it (foreign keys, on delete cascade) roles, trials, unlocks,
--     notifications, progress, certificates, portfolio sends, reminders, digests and e-mail
--     deliveries;
--   * the Auth user is banned and its sessions ended, so nobody signs in as it again, whatever
--     happens before Auth deletes it (the caller's next step; the retention job sweeps up any
--     account left without a profile).
-- Answers what it did; on an account already deleted, {"deleted": false} and nothing but the ban.
create function private.delete_account(target uuid,
  reason text default 'requested by the account holder')
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  account public.profiles;
  learner_keys text[];
  memberships integer;
  withdrawn integer;
  anonymised integer;
begin
  -- Two deletions of one account run one after the other; the second finds nothing left.
  perform pg_advisory_xact_lock(hashtextextended('delete_account:' || target::text, 0));
  update auth.users set banned_until = now() + interval '100 years' where id = target;
  delete from auth.sessions where user_id = target;
  -- Auth's own trail of the account's sign-ins (its address and client addresses).
  delete from auth.audit_log_entries e where e.payload ->> 'actor_id' = target::text;

  select * into account from public.profiles p where p.id = target for update;
  if not found then
    return jsonb_build_object('deleted', false);
  end if;

  update public.organisation_members m set removed_at = now()
  where m.user_id = target and m.removed_at is null;
  get diagnostics memberships = row_count;

  insert into private.withdrawn_certificates (code)
  select c.code from public.certificates c where c.user_id = target
  on conflict (code) do nothing;
  get diagnostics withdrawn = row_count;

  learner_keys := array(select distinct lp.actor_key from public.learning_progress lp
    where lp.user_id = target);
  if cardinality(learner_keys) > 0 then
    perform set_config('revolve.erasing_learning_records', 'on', true);
    delete from xapi.statements s where s.agent_keys && learner_keys;
    perform set_config('revolve.erasing_learning_records', 'off', true);
    delete from xapi.documents d where d.agent_key = any (learner_keys);
  end if;

  delete from public.email_deliveries d
  using public.organisation_invitations i
  where d.kind = 'organisation_invitation' and d.subject_id = i.id and i.email = lower(account.email);
  delete from public.organisation_invitations i where i.email = lower(account.email);
  delete from private.unlock_attempts u where u.user_id = target;
  update public.certificates c set revoked_by = null where c.revoked_by = target;

  -- As actor (private.audit writes the actor's id beside their e-mail), as target, or by address in
  -- the details (an invitation, a lead): each an indexed lookup.
  anonymised := private.anonymise_audit_entries(array(
    select a.id from public.admin_audit_log a where a.actor_id = target
    union
    select a.id from public.admin_audit_log a where a.target_user_id = target
    union
    select a.id from public.admin_audit_log a
    where a.details ? 'email' and lower(a.details ->> 'email') = lower(account.email)
  ), target, account.email);

  delete from public.profiles p where p.id = target;

  insert into public.admin_audit_log (actor_id, actor_email, action, target_user_id, target_id, details)
  values (null, null, 'delete_account', null, null, jsonb_build_object(
    'reason', delete_account.reason, 'memberships_ended', memberships,
    'certificates_withdrawn', withdrawn, 'audit_lines_anonymised', anonymised));

  return jsonb_build_object('deleted', true, 'memberships_ended', memberships,
    'certificates_withdrawn', withdrawn, 'audit_lines_anonymised', anonymised);
end;
$$;

-- The deletion the edge function delete-account asks for (secret key only), once it has checked
-- the caller's fresh sign-in: the caller's own id, never one a client chose.
create function public.delete_account(user_id uuid) returns jsonb
language sql volatile security definer set search_path = '' as $$
  select private.delete_account(delete_account.user_id);
$$;

-- An account's last activity: the latest of its creation, its last sign-in, its sessions' last
-- refresh (a user who stays signed in is active), and what it did on the platform (watching a
-- module, unlocking one, asking for a trial, reflecting on or sending a certificate, joining an
-- organisation).
create function private.last_activity(uid uuid) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select greatest(u.created_at, u.last_sign_in_at,
    (select max(greatest(s.updated_at, s.refreshed_at at time zone 'UTC'))
      from auth.sessions s where s.user_id = uid),
    (select max(lp.last_activity_at) from public.learning_progress lp where lp.user_id = uid),
    (select max(m.unlocked_at) from public.module_unlocks m where m.user_id = uid),
    (select max(t.submitted_at) from public.pending_trials t where t.user_id = uid),
    (select max(c.reflected_at) from public.certificates c where c.user_id = uid),
    (select max(s.requested_at) from public.certificate_portfolio_sends s where s.user_id = uid),
    (select max(m.joined_at) from public.organisation_members m where m.user_id = uid))
  from auth.users u where u.id = uid;
$$;

-- The daily retention job (pg_cron, as its owner). Every account is treated alike, admins included:
-- an admin who has not signed in for 3 years holds rights nobody uses, and the log records the
-- deletion. Answers the counts, which its audit line records too.
create function public.apply_retention() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  cutoff constant timestamptz := now() - interval '3 years';
  history_cutoff constant timestamptz := now() - interval '30 days';
  inactive uuid;
  accounts integer := 0;
  unfinished integer;
  leads_deleted integer;
  lead_lines integer;
  invitations_deleted integer;
  audit_lines integer;
  cron_runs integer;
  http_responses integer;
  auth_events integer;
  summary jsonb;
begin
  for inactive in
    select u.id from auth.users u
    where greatest(u.created_at, u.last_sign_in_at) < cutoff
      and private.last_activity(u.id) < cutoff
  loop
    perform private.delete_account(inactive, 'inactive for 3 years');
    -- Hosted Supabase lets postgres delete Auth's users; Auth's own rows (identities, factors,
    -- sessions) go with it by their foreign keys.
    delete from auth.users u where u.id = inactive;
    accounts := accounts + 1;
  end loop;

  -- Accounts whose deletion stopped before Auth deleted them: no profile, banned by delete_account.
  delete from auth.users u
  where not exists (select 1 from public.profiles p where p.id = u.id)
    and u.banned_until > now() + interval '50 years';
  get diagnostics unfinished = row_count;

  lead_lines := private.anonymise_audit_entries(array(
    select a.id from public.admin_audit_log a join public.leads l on l.id = a.target_id
    where a.action = 'update_lead' and l.created_at < cutoff and a.details ?| private.audit_personal_keys()
  ), details_only => true);
  delete from public.leads l where l.created_at < cutoff;
  get diagnostics leads_deleted = row_count;

  delete from public.email_deliveries d
  using public.organisation_invitations i
  where d.kind = 'organisation_invitation' and d.subject_id = i.id and i.sent_at < cutoff;
  delete from public.organisation_invitations i where i.sent_at < cutoff;
  get diagnostics invitations_deleted = row_count;

  audit_lines := lead_lines + private.anonymise_audit_entries(array(
    select a.id from public.admin_audit_log a
    where a.at < cutoff
      and (a.actor_id is not null or a.actor_email is not null or a.target_user_id is not null
        or a.details ?| private.audit_personal_keys())
  ));

  delete from cron.job_run_details r where coalesce(r.end_time, r.start_time) < history_cutoff;
  get diagnostics cron_runs = row_count;
  delete from net._http_response r where r.created < history_cutoff;
  get diagnostics http_responses = row_count;
  -- Auth's trail of sign-ins and account changes (e-mail addresses and client addresses).
  delete from auth.audit_log_entries e where e.created_at < history_cutoff;
  get diagnostics auth_events = row_count;

  summary := jsonb_build_object('accounts_deleted', accounts, 'unfinished_deletions', unfinished,
    'leads_deleted', leads_deleted, 'invitations_deleted', invitations_deleted,
    'audit_lines_anonymised', audit_lines, 'cron_runs_deleted', cron_runs,
    'http_responses_deleted', http_responses, 'auth_events_deleted', auth_events);
  insert into public.admin_audit_log (actor_id, actor_email, action, details)
  values (null, null, 'apply_retention', summary);
  return summary;
end;
$$;

select cron.schedule('apply-retention', '15 3 * * *', 'select public.apply_retention()');

-- Everything the platform holds about the caller (docs/data-rights.md, "The export"). Each key but
-- format, exported_at and profile is an array of flat records (nested values are few: a
-- statement's parts, a certificate's sends, a membership's assignments), so that the download can
-- write one CSV per array. Nothing of anyone else: other people appear only as an organisation's
-- or a cohort's name. No secret: of an authenticator app, only its name, kind and dates.
create function public.export_my_data() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  account public.profiles;
  learner_keys text[];
begin
  if uid is null then
    raise exception 'Please sign in.' using errcode = '42501';
  end if;
  select * into account from public.profiles p where p.id = uid;
  if not found then
    raise exception 'Account not found' using errcode = 'PT404';
  end if;
  learner_keys := array(select distinct lp.actor_key from public.learning_progress lp
    where lp.user_id = uid);

  return jsonb_build_object(
    'format', 'revolve-data-export/1',
    'exported_at', now(),
    'profile', (
      select jsonb_build_object('id', account.id, 'name', account.name, 'email', account.email,
        'created_at', account.created_at, 'email_confirmed_at', u.email_confirmed_at,
        'last_sign_in_at', u.last_sign_in_at,
        'sign_in_methods', coalesce((select jsonb_agg(distinct i.provider)
          from auth.identities i where i.user_id = uid), '[]'))
      from auth.users u where u.id = uid),
    'roles', coalesce((
      select jsonb_agg(jsonb_build_object('role', r.role, 'granted_at', r.created_at)
        order by r.created_at)
      from public.user_roles r where r.user_id = uid), '[]'),
    'trials', coalesce((
      select jsonb_agg(t.record order by t.at) from (
        select p.submitted_at as at, jsonb_build_object('stage', 'request', 'first_name',
            p.first_name, 'last_name', p.last_name, 'email', p.email, 'status', p.status,
            'submitted_at', p.submitted_at, 'reviewed_at', p.reviewed_at) as record
        from public.pending_trials p where p.user_id = uid
        union all
        select a.granted_at, jsonb_build_object('stage', 'active', 'email', a.email,
            'granted_at', a.granted_at, 'expires_at', a.expires_at)
        from public.active_trial_users a where a.user_id = uid
        union all
        select e.expired_at, jsonb_build_object('stage', 'ended', 'email', e.email,
            'granted_at', e.granted_at, 'expired_at', e.expired_at, 'can_retrial', e.can_retrial)
        from public.expired_trials e where e.user_id = uid
      ) t), '[]'),
    'unlocks', coalesce((
      select jsonb_agg(jsonb_build_object('module', u.module_name, 'unlocked_at', u.unlocked_at,
          'granted_by', u.grant_kind, 'access_code_ending', c.code_hint,
          'access_code_organisation', o.name)
        order by u.unlocked_at)
      from public.module_unlocks u
      left join public.access_codes c on c.id = u.access_code_id
      left join public.organisations o on o.id = c.organisation_id
      where u.user_id = uid), '[]'),
    'learning_progress', coalesce((
      select jsonb_agg(jsonb_build_object('module', lp.module, 'registration', lp.registration,
          'first_launched_at', lp.first_launched_at, 'last_activity_at', lp.last_activity_at,
          'seconds_watched', lp.seconds_watched, 'percent', lp.percent,
          'completed_at', lp.completed_at)
        order by lp.first_launched_at)
      from public.learning_progress lp where lp.user_id = uid), '[]'),
    'learning_records', coalesce((
      select jsonb_agg(s.statement order by s.seq)
      from xapi.statements s where s.agent_keys && learner_keys), '[]'),
    'certificates', coalesce((
      select jsonb_agg(jsonb_build_object('code', c.code, 'module', c.module,
          'completed_at', c.completed_at, 'verified_minutes', c.verified_minutes,
          'issued_at', c.issued_at, 'revoked_at', c.revoked_at, 'revoked_reason', c.revoked_reason,
          'reflection_learned', c.reflection_learned,
          'reflection_application', c.reflection_application,
          'reflection_next_steps', c.reflection_next_steps, 'reflected_at', c.reflected_at,
          'portfolio_sends', coalesce((
            select jsonb_agg(jsonb_build_object('recipient', s.recipient,
                'requested_at', s.requested_at) order by s.requested_at)
            from public.certificate_portfolio_sends s where s.certificate_id = c.id), '[]'))
        order by c.issued_at)
      from public.certificates c where c.user_id = uid), '[]'),
    'memberships', coalesce((
      select jsonb_agg(jsonb_build_object('organisation', o.name, 'role', m.role,
          'cohort', ch.name, 'joined_at', m.joined_at, 'left_at', m.removed_at,
          'assignments', coalesce((
            select jsonb_agg(jsonb_build_object('module', a.module, 'due_on', a.due_on,
                'withdrawn_at', a.withdrawn_at) order by a.due_on, a.module)
            from public.assignments a
            where a.organisation_id = m.organisation_id
              and (a.cohort_id is null or a.cohort_id = m.cohort_id)), '[]'))
        order by m.joined_at)
      from public.organisation_members m
      join public.organisations o on o.id = m.organisation_id
      left join public.cohorts ch on ch.id = m.cohort_id
      where m.user_id = uid), '[]'),
    'invitations', coalesce((
      select jsonb_agg(jsonb_build_object('organisation', o.name, 'email', i.email,
          'name', i.name, 'role', i.role, 'sent_at', i.sent_at, 'expires_at', i.expires_at,
          'accepted_at', i.accepted_at, 'declined_at', i.declined_at,
          'withdrawn_at', i.withdrawn_at)
        order by i.created_at)
      from public.organisation_invitations i
      join public.organisations o on o.id = i.organisation_id
      where i.email = lower(account.email)), '[]'),
    'assignment_reminders', coalesce((
      select jsonb_agg(jsonb_build_object('module', a.module, 'due_on', r.due_on,
          'days_before', r.days_before, 'sent_at', r.created_at) order by r.created_at)
      from public.assignment_reminders r join public.assignments a on a.id = r.assignment_id
      where r.user_id = uid), '[]'),
    'notifications', coalesce((
      select jsonb_agg(jsonb_build_object('title', n.title, 'message', n.message,
          'type', n.type, 'read', n.read, 'read_at', n.read_at, 'created_at', n.created_at)
        order by n.created_at)
      from public.notifications n where n.user_id = uid), '[]'),
    'email_deliveries', coalesce((
      select jsonb_agg(jsonb_build_object('kind', d.kind, 'created_at', d.created_at,
          'attempts', d.attempts, 'delivered_at', d.delivered_at, 'cancelled_at', d.cancelled_at)
        order by d.created_at)
      from public.email_deliveries d
      where d.user_id = uid
        or (d.kind = 'organisation_invitation' and d.subject_id in (
          select i.id from public.organisation_invitations i where i.email = lower(account.email)))),
      '[]'),
    'authenticator_apps', coalesce((
      select jsonb_agg(jsonb_build_object('name', f.friendly_name, 'kind', f.factor_type,
          'status', f.status, 'created_at', f.created_at) order by f.created_at)
      from auth.mfa_factors f where f.user_id = uid), '[]')
  );
end;
$$;

revoke all on function private.anonymise_audit_entries(bigint[], uuid, text, boolean),
  private.delete_account(uuid, text), private.last_activity(uuid)
  from public, anon, authenticated, service_role;
revoke all on function public.delete_account(uuid), public.apply_retention(), public.export_my_data()
  from public, anon, authenticated, service_role;
grant execute on function public.delete_account(uuid) to service_role;
grant execute on function public.export_my_data() to authenticated;
