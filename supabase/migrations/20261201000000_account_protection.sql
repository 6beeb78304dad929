-- Account protection (docs/security.md): Supabase Auth's hooks, configured in config.toml's
-- [auth.hook.*] and on the hosted project (docs/deploy.md, "Auth hooks"). Auth calls each hook as
-- its own role, supabase_auth_admin, which may execute them and nothing else here; no API role may.

grant usage on schema public to supabase_auth_admin;

-- Lock-out per factor -----------------------------------------------------------------------------
--
-- The per-address limits alone let someone with the password guess codes from many addresses: 8
-- addresses had 240 codes checked on one challenge in a minute. So after 5 wrong codes for one
-- factor within 15 minutes, from anywhere, the factor refuses every code, the right one included,
-- for 15 minutes; Auth signs the user out everywhere with each refusal, and the owner is e-mailed.
-- A right code before that clears the count.

create table private.mfa_failed_attempts (
  id bigint generated always as identity primary key,
  -- No foreign key to auth.mfa_factors: Auth owns that table. A factor's id is never reused.
  factor_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  attempted_at timestamptz not null default now()
);

create index mfa_failed_attempts_factor_idx on private.mfa_failed_attempts (factor_id, attempted_at desc);
create index mfa_failed_attempts_user_idx on private.mfa_failed_attempts (user_id);

create table private.mfa_lockouts (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  locked_at timestamptz not null default now(),
  locked_until timestamptz not null,
  check (locked_until > locked_at)
);

create index mfa_lockouts_factor_idx on private.mfa_lockouts (factor_id, locked_until desc);
create index mfa_lockouts_user_idx on private.mfa_lockouts (user_id);

alter table private.mfa_failed_attempts enable row level security;
alter table private.mfa_lockouts enable row level security;
revoke all on private.mfa_failed_attempts, private.mfa_lockouts
  from public, anon, authenticated, service_role;

-- What the person signing in reads while their factor is locked.
create function private.mfa_lockout_message(locked_until timestamptz) returns text
language sql stable set search_path = '' as $$
  select format(
    'Too many incorrect codes. For your security, codes for this account are refused for the next %s. We have e-mailed you about it. Please wait, then sign in again.',
    case when minutes = 1 then '1 minute' else minutes || ' minutes' end)
  from (select greatest(1, ceil(extract(epoch from locked_until - now()) / 60))::integer as minutes) m;
$$;

-- The MFA verification attempt hook: Auth sends {user_id, factor_id, factor_type, valid} after
-- checking a code, and refuses the verification when the answer's decision is 'reject'.
create function public.mfa_verification_attempt(event jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  failures_allowed constant integer := 5;
  period constant interval := interval '15 minutes';
  factor uuid := (event ->> 'factor_id')::uuid;
  account uuid := (event ->> 'user_id')::uuid;
  lockout private.mfa_lockouts;
begin
  -- Parallel wrong codes for one factor are counted one after another, so none slips past the bound.
  perform pg_advisory_xact_lock(hashtextextended('mfa_verification_attempt:' || factor::text, 0));
  select * into lockout from private.mfa_lockouts l
  where l.factor_id = factor and l.locked_until > now()
  order by l.locked_until desc limit 1;
  if found then
    return jsonb_build_object('decision', 'reject',
      'message', private.mfa_lockout_message(lockout.locked_until));
  end if;

  if coalesce((event ->> 'valid')::boolean, false) then
    delete from private.mfa_failed_attempts a where a.factor_id = factor;
    return jsonb_build_object('decision', 'continue');
  end if;

  insert into private.mfa_failed_attempts (factor_id, user_id) values (factor, account);
  if (select count(*) from private.mfa_failed_attempts a
      where a.factor_id = factor and a.attempted_at > now() - period) < failures_allowed then
    return jsonb_build_object('decision', 'continue');
  end if;

  delete from private.mfa_failed_attempts a where a.factor_id = factor;
  insert into private.mfa_lockouts (factor_id, user_id, locked_until)
  values (factor, account, now() + period)
  returning * into lockout;
  insert into public.email_deliveries (kind, subject_id, user_id)
  select 'mfa_lockout', lockout.id, p.id from public.profiles p where p.id = account;
  perform private.attempt_email_deliveries_now('mfa_lockout', 'send-security-alert');
  return jsonb_build_object('decision', 'reject',
    'message', private.mfa_lockout_message(lockout.locked_until));
end;
$$;

-- The e-mail telling the owner (security-alert function): who, and when the lock-out began and ends.
create function public.mfa_lockout_email(lockout_id uuid)
returns table (email text, name text, locked_at timestamptz, locked_until timestamptz)
language sql stable security definer set search_path = '' as $$
  select p.email, p.name, l.locked_at, l.locked_until
  from private.mfa_lockouts l join public.profiles p on p.id = l.user_id
  where l.id = lockout_id;
$$;

create function public.send_security_emails() returns integer
language plpgsql security definer set search_path = '' as $$
begin
  perform private.settle_email_attempts();
  return private.attempt_email_deliveries('mfa_lockout', 'send-security-alert');
end;
$$;

select cron.schedule('send-security-emails', '* * * * *', $job$do $$
begin
  perform public.send_security_emails();
  commit;
  perform private.assert_email_delivered('mfa_lockout');
end
$$
$job$);

-- Size limits at the door -------------------------------------------------------------------------
--
-- Everything a sign-up sends as metadata lands in user_metadata and in every access token: a 1 MB
-- name made a 1.3 MB token, and every REST call after it 431. The before-user-created hook refuses
-- such a sign-up, by any route (e-mail, invitation, magic link, Google), with a message the form
-- shows. An e-mail sign-up's name follows SPEC.md's rule, in the sign-up form's words.

create function public.before_user_created(event jsonb) returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  metadata_limit constant integer := 2048;
  metadata jsonb := coalesce(event -> 'user' -> 'user_metadata', '{}'::jsonb);
  given_name jsonb := metadata -> 'name';
  name_length integer;
begin
  if octet_length(metadata::text) > metadata_limit then
    return jsonb_build_object('error', jsonb_build_object('http_code', 400,
      'message', 'The details sent with this sign-up are too long. Please shorten your name and try again.'));
  end if;
  -- The form's rules bind what the form sends; a name from Google is the profile trigger's to trim.
  if coalesce(event -> 'user' -> 'app_metadata' ->> 'provider', '') <> 'email'
    or given_name is null or jsonb_typeof(given_name) = 'null' then
    return '{}'::jsonb;
  end if;
  if jsonb_typeof(given_name) <> 'string' then
    return jsonb_build_object('error', jsonb_build_object('http_code', 400,
      'message', 'Name must be text'));
  end if;
  name_length := char_length(btrim(given_name #>> '{}'));
  if name_length < 2 then
    return jsonb_build_object('error', jsonb_build_object('http_code', 400,
      'message', 'Name must be at least 2 characters'));
  end if;
  if name_length > 100 then
    return jsonb_build_object('error', jsonb_build_object('http_code', 400,
      'message', 'Name must be 100 characters or fewer'));
  end if;
  return '{}'::jsonb;
end;
$$;

-- Authenticator names: the app names factors itself ("Authenticator app", "... 2"), so only a
-- direct API call sends a long one. Auth has no hook at enrolment; this trigger caps what is stored
-- (Auth answers the refusal as a server error, as it does any failed write).
create function private.cap_factor_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  if char_length(new.friendly_name) > 100 then
    raise exception 'An authenticator''s name must be 100 characters or fewer'
      using errcode = '22001';
  end if;
  return new;
end;
$$;

create trigger cap_factor_name before insert or update of friendly_name on auth.mfa_factors
  for each row execute function private.cap_factor_name();

revoke all on function private.mfa_lockout_message(timestamptz),
  public.mfa_verification_attempt(jsonb), public.mfa_lockout_email(uuid),
  public.send_security_emails(),
  public.before_user_created(jsonb), private.cap_factor_name()
  from public, anon, authenticated, service_role;
grant execute on function public.mfa_verification_attempt(jsonb), public.before_user_created(jsonb)
  to supabase_auth_admin;
grant execute on function public.mfa_lockout_email(uuid), public.send_security_emails()
  to service_role;
