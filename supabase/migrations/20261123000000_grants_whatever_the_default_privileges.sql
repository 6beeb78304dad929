-- Grants that hold whatever the project's default privileges are. Projects created before Supabase
-- stopped exposing new tables (and `supabase start` stacks, and self-hosted ones) still have
--   alter default privileges in schema public grant all on tables/functions/sequences
--     to anon, authenticated, service_role;
-- so every table and function created above was granted in full to anon and authenticated, and the
-- earlier migrations' `revoke ... from public` did not take that back. Here every privilege of the
-- API roles in public is revoked and exactly what each role needs is granted again, and the default
-- privileges of objects created by postgres are revoked, so a later migration that forgets a
-- revoke gives nothing away. New migrations still revoke before they grant (supabase/README.md).

alter default privileges for role postgres in schema public
  revoke all on tables from anon, authenticated, public;
alter default privileges for role postgres in schema public
  revoke all on sequences from anon, authenticated, public;
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
