-- Who may do what. Every table has row level security; the API roles get only the grants listed
-- here. Admin powers live in SECURITY DEFINER functions that check the caller themselves, so the
-- database enforces them whatever client calls it. Helpers sit in the unexposed `private` schema.

-- Admin powers need a second factor (DESIGN.md section 6, MFA): the caller's session must be at
-- aal2, reached with a code from an authenticator app after the password. Every admin read policy,
-- every admin function (through private.assert_admin) and the edge functions' database calls reach
-- private.is_admin, so requiring aal2 here requires it everywhere the database decides.
-- An admin at aal1 still reads their own role (the policy's own-row branch), so the app can tell
-- them to finish signing in rather than calling them a non-admin.

create function private.is_admin(uid uuid default auth.uid()) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_roles where user_id = uid and role = 'admin')
    -- The session's assurance level speaks only for the caller; no caller asks about another user.
    and (uid is distinct from auth.uid() or coalesce(auth.jwt() ->> 'aal', '') = 'aal2');
$$;

create function private.assert_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') = 'service_role' or private.is_admin() then
    return;
  end if;
  if exists (select 1 from public.user_roles where user_id = auth.uid() and role = 'admin') then
    raise exception 'Two-factor authentication required' using errcode = '42501';
  end if;
  raise exception 'Admin privileges are required' using errcode = '42501';
end;
$$;

create function private.has_active_trial(uid uuid default auth.uid()) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.active_trial_users where user_id = uid and status = 'active' and expires_at > now());
$$;

-- A user may ask for a trial unless one is active, or their last trial ended without a re-trial.
create function private.may_request_trial(uid uuid default auth.uid()) returns boolean
language sql stable security definer set search_path = '' as $$
  select not private.has_active_trial(uid)
    and coalesce((select can_retrial from public.expired_trials where user_id = uid order by expired_at desc limit 1), true);
$$;

alter table public.profiles enable row level security;
alter table public.user_roles enable row level security;
alter table public.notifications enable row level security;
alter table public.pending_trials enable row level security;
alter table public.active_trial_users enable row level security;
alter table public.expired_trials enable row level security;
alter table public.module_unlocks enable row level security;
alter table private.module_passwords enable row level security;
alter table private.settings enable row level security;

-- auth.uid() and private.is_admin() sit in scalar subqueries, so Postgres evaluates each once per
-- statement (an InitPlan) rather than once per row, as Supabase recommends: an admin's page of
-- 10,000 users runs one admin lookup, not 10,000.
create policy "users read their own profile; admins read all" on public.profiles
  for select to authenticated using (id = (select auth.uid()) or (select private.is_admin()));

create policy "users read their own roles; admins read all" on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "users read their own notifications" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
-- Marking read is the only change, and it cannot be undone.
create policy "users mark their own notifications read" on public.notifications
  for update to authenticated using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and read and read_at is not null);

create policy "users read their own trial requests; admins read all" on public.pending_trials
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "users request a trial for themselves" on public.pending_trials
  for insert to authenticated with check (
    user_id = (select auth.uid())
    and status = 'pending'
    and lower(email) = lower((select p.email from public.profiles p where p.id = (select auth.uid())))
    and (select private.may_request_trial())
  );
create policy "admins reject pending requests" on public.pending_trials
  for update to authenticated using ((select private.is_admin()) and status = 'pending')
  with check (status = 'rejected');

create policy "users read their own active trial; admins read all" on public.active_trial_users
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "users read their own expired trials; admins read all" on public.expired_trials
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "users read their own unlocks; admins read all" on public.module_unlocks
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
-- Starting a trial module records the unlock; other modules are unlocked through unlock_module().
create policy "trial users record their trial modules" on public.module_unlocks
  for insert to authenticated with check (
    user_id = (select auth.uid())
    and module_name in ('dementia', 'womens-health', 'conflict-resolution')
    and (select private.has_active_trial())
  );

-- A rejection is dated and tells the user, in the same transaction as the update.
create function private.on_trial_request_reviewed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'rejected' and old.status = 'pending' then
    new.reviewed_at := now();
  end if;
  return new;
end;
$$;

create trigger date_trial_review before update of status on public.pending_trials
  for each row execute function private.on_trial_request_reviewed();

create function private.notify_trial_rejected() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.notifications (user_id, title, message, type)
  values (new.user_id, 'Trial request declined',
    'Your trial request was not approved this time. Please contact us if you would like to discuss access.', 'error');
  return new;
end;
$$;

create trigger notify_on_rejection after update of status on public.pending_trials
  for each row when (old.status = 'pending' and new.status = 'rejected')
  execute function private.notify_trial_rejected();

-- Admin actions. PostgREST turns SQLSTATE 'PTnnn' into HTTP status nnn.

-- Trials and admin rights are given to an e-mail address, and with e-mail confirmation on anyone can
-- register an address that is not theirs. Until its owner has confirmed it, an account gets neither.
-- (Accounts signed up through Google or created by an operator are confirmed already.)

create function private.email_confirmed(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.users where id = uid and email_confirmed_at is not null);
$$;

-- Admin and manager rights are given only to an account that already has a verified authenticator
-- app (issue 31): otherwise whoever holds the password alone could enrol their own app at aal1 and
-- reach the role's full powers. Auth owns auth.mfa_factors; API roles cannot read it.
create function private.has_verified_factor(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.mfa_factors where user_id = uid and status = 'verified');
$$;

create function public.approve_trial(trial_id uuid) returns public.active_trial_users
language plpgsql security definer set search_path = '' as $$
declare
  request public.pending_trials;
  granted public.active_trial_users;
begin
  perform private.assert_admin();
  select * into request from public.pending_trials where id = trial_id for update;
  if not found then
    raise exception 'Trial request not found' using errcode = 'PT404';
  end if;
  if request.status <> 'pending' then
    raise exception 'This trial request has already been %', request.status using errcode = 'PT409';
  end if;
  if not private.email_confirmed(request.user_id) then
    raise exception '% has not confirmed their e-mail address yet. Approve the request once they have.',
      request.email using errcode = 'PT409';
  end if;
  if private.has_active_trial(request.user_id) then
    raise exception '% already has an active trial', request.email using errcode = 'PT409';
  end if;
  -- A lapsed row the expiry job has not moved yet gives way to the new trial.
  delete from public.active_trial_users where user_id = request.user_id;
  insert into public.active_trial_users (user_id, email, granted_at, expires_at, trial_request_id)
  values (request.user_id, request.email, now(), now() + interval '30 days', request.id)
  returning * into granted;
  update public.pending_trials set status = 'approved', reviewed_at = now() where id = trial_id;
  insert into public.notifications (user_id, title, message, type)
  values (request.user_id, 'Trial approved',
    format('Your 30-day trial is active until %s. Open your Trial Training Library to start.',
      to_char(granted.expires_at at time zone 'Europe/London', 'FMDD FMMonth YYYY')), 'success');
  return granted;
end;
$$;

create function public.expire_trial(trial_id uuid, can_retrial boolean default false) returns public.expired_trials
language plpgsql security definer set search_path = '' as $$
declare
  trial public.active_trial_users;
  expired public.expired_trials;
begin
  perform private.assert_admin();
  delete from public.active_trial_users where id = trial_id returning * into trial;
  if not found then
    raise exception 'Active trial not found' using errcode = 'PT404';
  end if;
  insert into public.expired_trials (user_id, email, granted_at, expired_at, can_retrial)
  values (trial.user_id, trial.email, trial.granted_at, now(), coalesce(can_retrial, false))
  returning * into expired;
  insert into public.notifications (user_id, title, message, type)
  values (trial.user_id, 'Trial ended',
    case when expired.can_retrial
      then 'Your trial access has ended. You can request a new trial from your dashboard.'
      else 'Your trial access has ended. Please contact us for continued access.' end, 'info');
  return expired;
end;
$$;

create function public.grant_admin_role(user_email text) returns public.user_roles
language plpgsql security definer set search_path = '' as $$
declare
  target public.profiles;
  granted public.user_roles;
begin
  perform private.assert_admin();
  select * into target from public.profiles where lower(email) = lower(trim(user_email));
  if not found then
    raise exception 'No account uses the e-mail %', trim(user_email) using errcode = 'PT404';
  end if;
  if not private.email_confirmed(target.id) then
    raise exception '% has not confirmed their e-mail address yet, so it cannot be made an admin.',
      target.email using errcode = 'PT409';
  end if;
  if not private.has_verified_factor(target.id) then
    raise exception '% has not set up two-factor sign-in yet, so it cannot be made an admin. Ask them to set up an authenticator app on their account''s security page first.',
      target.email using errcode = 'PT409';
  end if;
  insert into public.user_roles (user_id, role) values (target.id, 'admin')
  on conflict (user_id, role) do nothing
  returning * into granted;
  if granted.id is null then
    raise exception '% is already an admin', target.email using errcode = 'PT409';
  end if;
  return granted;
end;
$$;

-- The scheduled job: trials whose time is up move to expired_trials, without a re-trial.
create function public.expire_lapsed_trials() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  moved integer;
begin
  with lapsed as (
    delete from public.active_trial_users where expires_at <= now() returning *
  ), recorded as (
    insert into public.expired_trials (user_id, email, granted_at, expired_at, can_retrial)
    select user_id, email, granted_at, expires_at, false from lapsed
    returning user_id
  )
  insert into public.notifications (user_id, title, message, type)
  select user_id, 'Trial ended', 'Your 30-day trial has ended. Please contact us for continued access.', 'info'
  from recorded;
  get diagnostics moved = row_count;
  return moved;
end;
$$;

-- The shared trial password, for the confirmation page and the trial library: only while the
-- caller's trial is active (a pending request does not reveal it). Anyone else gets null, not an
-- error: a signed-in user without a trial is an ordinary case, kept out of the error logs; visitors
-- are still refused, since the function is granted to authenticated users only.
create function public.trial_password() returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null or not private.has_active_trial() then
    return null;
  end if;
  return (select value from private.settings where key = 'trial_password');
end;
$$;

-- Grants ------------------------------------------------------------------------------------------

-- Grants that hold whatever the project's default privileges are. Projects created before Supabase
-- stopped exposing new tables (and `supabase start` stacks, and self-hosted ones) still have
--   alter default privileges in schema public grant all on tables/functions/sequences
--     to anon, authenticated, service_role;
-- so every table and function created above was granted in full to anon and authenticated, and a
-- `revoke ... from public` does not take that back. Here every privilege of the API roles in public
-- is revoked and exactly what each role needs is granted again, and the default privileges of
-- objects created by postgres are revoked, so a later migration that forgets a revoke gives nothing
-- away. New migrations still revoke before they grant (supabase/README.md).

alter default privileges for role postgres in schema public
  revoke all on tables from anon, authenticated, public;
-- Sequences behind identity columns need no grant at all (inserting a row takes its next value with
-- the table's privileges), so no API role, the service role included, is given one by default.
alter default privileges for role postgres in schema public
  revoke all on sequences from anon, authenticated, service_role, public;
alter default privileges for role postgres in schema public
  revoke all on functions from anon, authenticated, public;

revoke all on all tables in schema public from anon, authenticated, service_role, public;
revoke all on all sequences in schema public from anon, authenticated, service_role, public;
revoke all on all functions in schema public from anon, authenticated, service_role, public;
revoke all on all tables in schema private from anon, authenticated, service_role, public;
revoke all on all functions in schema private from anon, authenticated, service_role, public;
revoke all on schema private from anon, authenticated, public;

-- Signed-in users: row level security decides which rows; these decide which columns.
grant select on public.profiles, public.user_roles, public.notifications, public.pending_trials,
  public.active_trial_users, public.expired_trials, public.module_unlocks to authenticated;
grant update (read, read_at) on public.notifications to authenticated;
grant insert (user_id, first_name, last_name, email, status) on public.pending_trials to authenticated;
grant update (status) on public.pending_trials to authenticated;
grant insert (user_id, module_name) on public.module_unlocks to authenticated;

-- The service role (edge functions, operators) bypasses row level security; it needs no more.
grant select, insert, update, delete on public.profiles, public.user_roles, public.notifications,
  public.pending_trials, public.active_trial_users, public.expired_trials, public.module_unlocks
  to service_role;

-- Functions. Visitors (anon) execute none; the admin actions check the caller themselves.
grant execute on function public.approve_trial(uuid), public.expire_trial(uuid, boolean),
  public.grant_admin_role(text), public.trial_password()
  to authenticated, service_role;
grant execute on function public.expire_lapsed_trials() to service_role;

-- The policies call these helpers as the querying role.
grant usage on schema private to authenticated, service_role;
grant execute on function private.is_admin(uuid), private.has_active_trial(uuid),
  private.may_request_trial(uuid)
  to authenticated, service_role;
