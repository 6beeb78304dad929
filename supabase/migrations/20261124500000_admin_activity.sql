-- The sales funnel on /admin/activity (DESIGN.md section 6): counts over the last `days` days, read
-- by admins only. Each count comes from the rows of the table that records the step, not from the
-- audit log, so steps taken without an API caller (the expiry job, an operator) count too.

-- `days` is whole days back from now: 1 to 366.
create function private.activity_window_start(days integer) returns timestamptz
language plpgsql stable set search_path = '' as $$
begin
  if days is null or days < 1 or days > 366 then
    raise exception 'Days must be a whole number from 1 to 366' using errcode = 'PT400';
  end if;
  return now() - make_interval(days => days);
end;
$$;

-- One row of counts. A conversion is a user whose first unlock with an access code falls in the
-- window and came after a trial of theirs (active now or ended) had started.
create function public.admin_funnel(days integer)
returns table (
  leads integer,
  trial_requests integer,
  approvals integer,
  rejections integer,
  trials_active_now integer,
  expiries integer,
  conversions integer
)
language plpgsql stable security definer set search_path = '' as $$
declare
  since timestamptz;
begin
  perform private.assert_admin();
  since := private.activity_window_start(days);
  return query select
    (select count(*)::integer from public.leads l where l.created_at > since),
    (select count(*)::integer from public.pending_trials p where p.submitted_at > since),
    (select count(*)::integer from public.pending_trials p
      where p.status = 'approved' and p.reviewed_at > since),
    (select count(*)::integer from public.pending_trials p
      where p.status = 'rejected' and p.reviewed_at > since),
    (select count(*)::integer from public.active_trial_users a
      where a.status = 'active' and a.expires_at > now()),
    (select count(*)::integer from public.expired_trials e where e.expired_at > since),
    (select count(*)::integer from (
      select u.user_id, min(u.unlocked_at) as first_unlock
      from public.module_unlocks u
      where u.grant_kind = 'access_code'
      group by u.user_id
    ) converted
    where converted.first_unlock > since
      and (
        exists (select 1 from public.active_trial_users a
          where a.user_id = converted.user_id and a.granted_at < converted.first_unlock)
        or exists (select 1 from public.expired_trials e
          where e.user_id = converted.user_id
            and coalesce(e.granted_at, e.expired_at) < converted.first_unlock)
      ));
end;
$$;

-- Modules opened in the window (every grant), most opened first.
create function public.admin_module_starts(days integer)
returns table (module_name text, starts integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  since timestamptz;
begin
  perform private.assert_admin();
  since := private.activity_window_start(days);
  return query
    select u.module_name, count(*)::integer
    from public.module_unlocks u
    where u.unlocked_at > since
    group by u.module_name
    order by 2 desc, 1;
end;
$$;

-- Conversions read each user's access-code unlocks; the rest is served by existing indexes.
create index module_unlocks_access_code_user_idx on public.module_unlocks (user_id, unlocked_at)
  where grant_kind = 'access_code';

revoke all on function private.activity_window_start(integer), public.admin_funnel(integer),
  public.admin_module_starts(integer)
  from public, anon, authenticated, service_role;
grant execute on function public.admin_funnel(integer), public.admin_module_starts(integer)
  to authenticated, service_role;
