-- Who did what in the admin dashboard (DESIGN.md section 6): every admin action writes one row in
-- the same transaction as the action, and nobody can change or remove a row afterwards.
--
-- Rows are written by triggers on the tables each action changes, so an action is recorded however
-- it is called (the app, an edge function, the service role). A write with no API caller (the
-- expiry job, the seed, an operator's SQL session) is not an admin action and is not recorded.

create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  -- No foreign keys: the record outlives the accounts and rows it names.
  actor_id uuid,
  actor_email text,
  action text not null check (action in (
    'approve_trial', 'reject_trial', 'expire_trial', 'delete_trial', 'grant_admin',
    'create_access_code', 'revoke_access_code', 'update_lead', 'create_lrs_client',
    'revoke_lrs_client', 'revoke_certificate',
    -- Organisations: Revolve's admins create them; their managers run the rest.
    'create_organisation', 'update_organisation', 'invite_member', 'resend_invitation',
    'withdraw_invitation', 'remove_member', 'change_member_cohort', 'create_cohort',
    'rename_cohort', 'delete_cohort', 'assign_module', 'withdraw_assignment',
    -- Written by the system (no actor) when an admin's or manager's last authenticator app goes.
    'revoke_admin', 'demote_manager',
    -- Written by the system, naming nobody: an account deleted (by its holder or for inactivity),
    -- and a run of the daily retention job (20261206000000_data_rights.sql).
    'delete_account', 'apply_retention'
  )),
  -- The organisation an action concerns (every manager action names one).
  organisation_id uuid,
  target_user_id uuid,
  target_id uuid,
  details jsonb not null default '{}',
  at timestamptz not null default now()
);

create index admin_audit_log_at_idx on public.admin_audit_log (at desc);
create index admin_audit_log_action_idx on public.admin_audit_log (action, at desc);
create index admin_audit_log_actor_idx on public.admin_audit_log (actor_id, at desc);
create index admin_audit_log_organisation_idx on public.admin_audit_log (organisation_id, at desc)
  where organisation_id is not null;

alter table public.admin_audit_log enable row level security;
revoke all on public.admin_audit_log from public, anon, authenticated, service_role;
create policy "admins read the audit log" on public.admin_audit_log
  for select to authenticated using ((select private.is_admin()));
grant select on public.admin_audit_log to authenticated, service_role;

-- The keys of an audit line's details that can name or describe a person: an e-mail address, an
-- admin's note on a lead, a revocation's reason, a certificate's code (which the verification
-- would answer with its holder's name).
create function private.audit_personal_keys() returns text[]
language sql immutable set search_path = '' as $$
  select array['email', 'note', 'reason', 'code']::text[];
$$;

-- Append-only for everyone, the table owner included: no grant can undo a trigger. One change is let
-- through: the privacy notice's retention (docs/data-rights.md) blanking a line's personal columns
-- (actor, actor's e-mail, target user: each kept or made null) and dropping the details' personal
-- keys, with everything else unchanged. Only private.anonymise_audit_entries
-- (20261206000000_data_rights.sql) switches on the transaction-local setting that allows it, around
-- its own update; API roles hold no update grant on the table, so they never get this far.
create function private.refuse_audit_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and current_setting('revolve.anonymising_audit_log', true) = 'on'
    and (new.actor_id is null or new.actor_id = old.actor_id)
    and (new.actor_email is null or new.actor_email = old.actor_email)
    and (new.target_user_id is null or new.target_user_id = old.target_user_id)
    and (new.details = old.details or new.details = old.details - private.audit_personal_keys())
    and (to_jsonb(new) - array['actor_id', 'actor_email', 'target_user_id', 'details'])
      = (to_jsonb(old) - array['actor_id', 'actor_email', 'target_user_id', 'details']) then
    return new;
  end if;
  raise exception 'The admin audit log cannot be changed' using errcode = '42501';
end;
$$;
create trigger audit_log_is_append_only before update or delete on public.admin_audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_is_never_truncated before truncate on public.admin_audit_log
  for each statement execute function private.refuse_audit_change();

-- An API caller: a signed-in user, or the service role (an edge function acting for the system).
create function private.audited_caller() returns boolean
language sql stable set search_path = '' as $$
  select auth.uid() is not null or coalesce(auth.role(), '') = 'service_role';
$$;

create function private.audit(action text, target_user_id uuid, target_id uuid, details jsonb default '{}',
  organisation_id uuid default null)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.admin_audit_log (actor_id, actor_email, action, target_user_id, target_id, details,
    organisation_id)
  values (
    auth.uid(),
    coalesce((select p.email from public.profiles p where p.id = auth.uid()), auth.role()),
    action, target_user_id, target_id,
    -- The organisation's name as it was, for the log's readers (its id is kept beside it).
    coalesce(details, '{}') || jsonb_strip_nulls(jsonb_build_object('organisation',
      (select o.name from public.organisations o where o.id = audit.organisation_id))),
    organisation_id
  );
end;
$$;

create function private.audit_trial_review() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.audit(
    case new.status when 'approved' then 'approve_trial' else 'reject_trial' end,
    new.user_id, new.id, jsonb_build_object('email', new.email));
  return null;
end;
$$;
create trigger audit_trial_review after update of status on public.pending_trials
  for each row when (old.status = 'pending' and new.status in ('approved', 'rejected') and private.audited_caller())
  execute function private.audit_trial_review();

create function private.audit_trial_expiry() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.audit('expire_trial', new.user_id, new.id,
    jsonb_build_object('email', new.email, 'can_retrial', new.can_retrial));
  return null;
end;
$$;
create trigger audit_trial_expiry after insert on public.expired_trials
  for each row when (private.audited_caller())
  execute function private.audit_trial_expiry();

create function private.audit_admin_grant() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.audit('grant_admin', new.user_id, new.id, jsonb_build_object(
    'email', (select p.email from public.profiles p where p.id = new.user_id), 'role', new.role));
  return null;
end;
$$;
create trigger audit_admin_grant after insert on public.user_roles
  for each row when (new.role = 'admin' and private.audited_caller())
  execute function private.audit_admin_grant();

create function private.audit_access_code() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.audit(
    case tg_op when 'INSERT' then 'create_access_code' else 'revoke_access_code' end,
    null, new.id, jsonb_build_object(
      'organisation', (select o.name from public.organisations o where o.id = new.organisation_id),
      'code_hint', new.code_hint, 'expires_at', new.expires_at, 'seat_limit', new.seat_limit,
      'module_slugs', new.module_slugs),
    new.organisation_id);
  return null;
end;
$$;
create trigger audit_access_code_created after insert on public.access_codes
  for each row when (private.audited_caller())
  execute function private.audit_access_code();
create trigger audit_access_code_revoked after update of revoked_at on public.access_codes
  for each row when (old.revoked_at is null and new.revoked_at is not null and private.audited_caller())
  execute function private.audit_access_code();

-- Deleting a trial shares its table write with approval (which clears a lapsed row first), so the
-- action records itself rather than through a trigger.
create function public.delete_active_trial(trial_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  removed public.active_trial_users;
begin
  perform private.assert_admin();
  delete from public.active_trial_users where id = trial_id returning * into removed;
  if not found then
    raise exception 'Active trial not found' using errcode = 'PT404';
  end if;
  perform private.audit('delete_trial', removed.user_id, removed.id,
    jsonb_build_object('email', removed.email, 'expires_at', removed.expires_at));
end;
$$;

revoke all on function private.audit_personal_keys(), private.refuse_audit_change(), private.audited_caller(),
  private.audit(text, uuid, uuid, jsonb, uuid), private.audit_trial_review(), private.audit_trial_expiry(),
  private.audit_admin_grant(), private.audit_access_code()
  from public, anon, authenticated, service_role;
-- Trigger conditions run as the caller.
grant execute on function private.audited_caller() to authenticated, service_role;
revoke all on function public.delete_active_trial(uuid) from public, anon, authenticated, service_role;
grant execute on function public.delete_active_trial(uuid) to authenticated, service_role;
