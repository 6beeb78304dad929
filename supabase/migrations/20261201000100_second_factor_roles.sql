-- Admin and manager rights last only while the account has a verified authenticator app (issue 31).
-- grant_admin_role and accept_invitation refuse an account without one; this trigger takes the
-- rights away when the last one goes, however it goes: the user removing it at aal2, an operator
-- through Auth's admin API or the SQL editor (docs/deploy.md, "lost phone"). Otherwise whoever
-- holds the password could sign in at aal1, enrol their own app and reach the role's full powers.
-- Another admin gives the rights back once the person has set up a new app.
--
-- Auth deletes factors as supabase_auth_admin, so the function is SECURITY DEFINER: it writes
-- public tables that role may not. Auth sets no API caller on its connection, so the audit entries
-- name no actor (the log shows "System").

create function private.revoke_roles_without_factor() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := old.user_id;
  account_email text;
  lost_admin boolean;
  demoted integer;
  removed text[] := '{}';
  reason constant text := 'all second factors removed';
begin
  if private.has_verified_factor(uid) then
    return null;
  end if;
  -- A deleted account (its factors go with it) has no rights left to take away.
  select p.email into account_email from public.profiles p where p.id = uid;
  if not found then
    return null;
  end if;

  with revoked as (
    delete from public.user_roles r where r.user_id = uid and r.role = 'admin' returning r.id
  )
  insert into public.admin_audit_log (actor_id, actor_email, action, target_user_id, target_id, details)
  select null, null, 'revoke_admin', uid, revoked.id,
    jsonb_build_object('email', account_email, 'role', 'admin', 'reason', reason)
  from revoked;
  lost_admin := found;

  -- A manager stays a member of their organisation, as a learner: their seat and training record
  -- stay; managing needs a new invitation as manager (docs/organisations.md).
  with demoted_members as (
    update public.organisation_members m set role = 'learner'
    where m.user_id = uid and m.role = 'manager' and m.removed_at is null
    returning m.id, m.organisation_id
  )
  insert into public.admin_audit_log (actor_id, actor_email, action, organisation_id, target_user_id,
    target_id, details)
  select null, null, 'demote_manager', d.organisation_id, uid, d.id,
    jsonb_build_object('email', account_email, 'role', 'manager', 'reason', reason, 'organisation', o.name)
  from demoted_members d join public.organisations o on o.id = d.organisation_id;
  get diagnostics demoted = row_count;

  if lost_admin then
    removed := removed || 'admin'::text;
  end if;
  if demoted > 0 then
    removed := removed || 'organisation manager'::text;
  end if;
  if cardinality(removed) > 0 then
    insert into public.notifications (user_id, title, message, type)
    values (uid, 'Your ' || array_to_string(removed, ' and ') || ' access was removed',
      'Your ' || array_to_string(removed, ' and ')
        || ' access was removed because your last authenticator app was removed from your account. '
        || 'Set up a new authenticator app on your account''s security page, then ask '
        || case when lost_admin then 'another admin' else 'Revolve' end
        || ' to give you access again.',
      'error');
  end if;
  return null;
end;
$$;

create trigger revoke_roles_without_factor after delete on auth.mfa_factors
  for each row when (old.status = 'verified')
  execute function private.revoke_roles_without_factor();
create trigger revoke_roles_when_factor_unverified after update of status on auth.mfa_factors
  for each row when (old.status = 'verified' and new.status is distinct from 'verified')
  execute function private.revoke_roles_without_factor();

revoke all on function private.revoke_roles_without_factor()
  from public, anon, authenticated, service_role;
