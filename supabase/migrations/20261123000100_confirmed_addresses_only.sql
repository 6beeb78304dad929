-- Trials and admin rights are given to an e-mail address, and with e-mail confirmation on anyone can
-- register an address that is not theirs. Until its owner has confirmed it, an account gets neither.
-- (Accounts signed up through Google or created by an operator are confirmed already.)

create function private.email_confirmed(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.users where id = uid and email_confirmed_at is not null);
$$;
revoke all on function private.email_confirmed(uuid) from public, anon, authenticated, service_role;

create or replace function public.approve_trial(trial_id uuid) returns public.active_trial_users
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

create or replace function public.grant_admin_role(user_email text) returns public.user_roles
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
  insert into public.user_roles (user_id, role) values (target.id, 'admin')
  on conflict (user_id, role) do nothing
  returning * into granted;
  if granted.id is null then
    raise exception '% is already an admin', target.email using errcode = 'PT409';
  end if;
  return granted;
end;
$$;
