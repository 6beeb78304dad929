-- The admin lists at 100,000 users (npm run bench:admin): every first page and search in 100 ms.
-- Row level security is unchanged; what changes is what the planner can use.

-- Searches are ILIKE '%part%' on names and e-mails, which a b-tree cannot serve; a trigram index
-- can (leads have had one since 20261124500000). Under row level security, though, Postgres may
-- not use an index for an ILIKE: the operator is not leakproof, so it must not see a row before the
-- policies have, and every search read the whole table. Searches therefore go through the
-- admin_search_* functions below, which use these indexes.
create index profiles_name_trgm_idx on public.profiles using gin (name extensions.gin_trgm_ops);
create index profiles_email_trgm_idx on public.profiles using gin (email extensions.gin_trgm_ops);
create index admin_audit_log_actor_email_trgm_idx on public.admin_audit_log
  using gin (actor_email extensions.gin_trgm_ops);

-- Each list is ordered by a time and then by id. An index on the time alone left every row with
-- the same time to be sorted (all of a bulk import's profiles: the whole table); these end in id,
-- so a page is read in order and the read stops at its last row.
drop index public.profiles_created_at_idx;
create index profiles_created_at_idx on public.profiles (created_at desc, id desc);
drop index public.pending_trials_status_submitted_idx;
create index pending_trials_status_submitted_idx on public.pending_trials
  (status, submitted_at desc, id desc);
drop index public.active_trial_users_granted_idx;
create index active_trial_users_granted_idx on public.active_trial_users
  (status, granted_at desc, id desc);
drop index public.expired_trials_expired_idx;
create index expired_trials_expired_idx on public.expired_trials (expired_at desc, id desc);
drop index public.module_unlocks_unlocked_idx;
create index module_unlocks_unlocked_idx on public.module_unlocks (unlocked_at desc, id desc);
drop index public.leads_created_at_idx;
create index leads_created_at_idx on public.leads (created_at desc, id desc);
drop index public.admin_audit_log_at_idx;
create index admin_audit_log_at_idx on public.admin_audit_log (at desc, id desc);
drop index public.admin_audit_log_action_idx;
create index admin_audit_log_action_idx on public.admin_audit_log (action, at desc, id desc);

-- The lists of trials and unlocks showed and searched each row's profile through an embed, which
-- joined every row of the table to its profile one at a time, for the page and again for its
-- count: 60,000 lookups for the first page of unlocks. These views put the profile beside the row
-- instead. The join is a left join on the profile's key, so a count that does not search leaves
-- profiles out altogether, and a search can start from the profiles the trigram indexes find.
-- Nobody sees a row of a trial without its profile: row level security, which the views apply as
-- the caller (security_invoker), shows admins every profile and other users their own, and each
-- row's user_id is a foreign key to profiles.
-- A left join types profile_name and profile_email as nullable (npm run db:generate), which they
-- are to Postgres; the lists show a missing name as a dash.
create view public.admin_active_trials with (security_invoker = true) as
  select t.id, t.user_id, t.email, t.status, t.granted_at, t.expires_at,
    p.name as profile_name, p.email as profile_email
  from public.active_trial_users t
  left join public.profiles p on p.id = t.user_id;

create view public.admin_expired_trials with (security_invoker = true) as
  select t.id, t.user_id, t.email, t.expired_at, t.can_retrial,
    p.name as profile_name, p.email as profile_email
  from public.expired_trials t
  left join public.profiles p on p.id = t.user_id;

create view public.admin_module_unlocks with (security_invoker = true) as
  select t.id, t.user_id, t.module_name, t.unlocked_at,
    p.name as profile_name, p.email as profile_email
  from public.module_unlocks t
  left join public.profiles p on p.id = t.user_id;

revoke all on public.admin_active_trials, public.admin_expired_trials, public.admin_module_unlocks
  from public, anon, authenticated, service_role;
grant select on public.admin_active_trials, public.admin_expired_trials, public.admin_module_unlocks
  to authenticated;

-- The searches of the admin lists, for admins at aal2 (private.assert_admin) only. Each runs as its
-- owner, past the policies, so that the trigram indexes serve the ILIKE, and answers every row the
-- search finds; the client filters, orders, pages and counts them as it does a table's rows. The
-- pattern is an ILIKE pattern ('%part%'). Planned for each pattern: a plan made for any pattern
-- would read the whole table.
create function public.admin_search_profiles(pattern text) returns setof public.profiles
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  perform private.assert_admin();
  return query select p.* from public.profiles p where p.name ilike pattern or p.email ilike pattern;
end;
$$;

create function public.admin_search_active_trials(pattern text) returns setof public.admin_active_trials
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  perform private.assert_admin();
  return query select t.* from public.admin_active_trials t
    where t.profile_name ilike pattern or t.profile_email ilike pattern;
end;
$$;

create function public.admin_search_expired_trials(pattern text) returns setof public.admin_expired_trials
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  perform private.assert_admin();
  return query select t.* from public.admin_expired_trials t
    where t.profile_name ilike pattern or t.profile_email ilike pattern;
end;
$$;

create function public.admin_search_module_unlocks(pattern text) returns setof public.admin_module_unlocks
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  perform private.assert_admin();
  return query select t.* from public.admin_module_unlocks t
    where t.profile_name ilike pattern or t.profile_email ilike pattern;
end;
$$;

create function public.admin_search_leads(pattern text) returns setof public.admin_leads
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  perform private.assert_admin();
  return query select l.id, l.first_name, l.last_name, l.email, l.subject, l.message, l.status, l.note,
      l.created_at, l.updated_at
    from public.leads l where l.search_text ilike pattern;
end;
$$;

create function public.admin_search_audit_log(actor_pattern text) returns setof public.admin_audit_log
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  perform private.assert_admin();
  return query select a.* from public.admin_audit_log a where a.actor_email ilike actor_pattern;
end;
$$;

revoke all on function public.admin_search_profiles(text), public.admin_search_active_trials(text),
  public.admin_search_expired_trials(text), public.admin_search_module_unlocks(text),
  public.admin_search_leads(text), public.admin_search_audit_log(text)
  from public, anon, authenticated, service_role;
grant execute on function public.admin_search_profiles(text), public.admin_search_active_trials(text),
  public.admin_search_expired_trials(text), public.admin_search_module_unlocks(text),
  public.admin_search_leads(text), public.admin_search_audit_log(text)
  to authenticated, service_role;
