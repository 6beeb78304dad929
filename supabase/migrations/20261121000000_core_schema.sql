-- Revolve's data model: profiles and roles, notifications, the trial lifecycle (pending -> active ->
-- expired) and module unlocks. Row level security and grants are in the next migration.

create schema if not exists private;
revoke all on schema private from public;

create type public.app_role as enum ('admin');

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  -- 2 to 100 characters, as the sign-up form checks (handle_new_user below tidies it first).
  name text not null constraint profiles_name_length
    check (char_length(btrim(name)) between 2 and 100 and char_length(name) <= 100),
  email text not null,
  created_at timestamptz not null default now()
);
create unique index profiles_email_key on public.profiles (lower(email));
create index profiles_created_at_idx on public.profiles (created_at desc);

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  unique (user_id, role)
);
create index user_roles_role_idx on public.user_roles (role);

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  title text not null check (length(title) between 1 and 200),
  message text not null check (length(message) <= 2000),
  -- 'error' shows the destructive style; every other value the default one.
  type text not null default 'info' check (type in ('info', 'success', 'error')),
  read boolean not null default false,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user_created_idx on public.notifications (user_id, created_at desc);

create table public.pending_trials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  first_name text not null check (length(first_name) between 1 and 100),
  last_name text not null default '' check (length(last_name) <= 100),
  email text not null check (length(email) <= 255),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  submitted_at timestamptz not null default now(),
  reviewed_at timestamptz
);
-- One open request per e-mail: a second one fails with 23505 ('Already Requested').
create unique index pending_trials_one_open_request on public.pending_trials (lower(email)) where status = 'pending';
create index pending_trials_status_submitted_idx on public.pending_trials (status, submitted_at desc);
create index pending_trials_user_idx on public.pending_trials (user_id);

create table public.active_trial_users (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  email text not null,
  status text not null default 'active' check (status = 'active'),
  granted_at timestamptz not null default now(),
  expires_at timestamptz not null,
  trial_request_id uuid references public.pending_trials (id) on delete set null,
  check (expires_at > granted_at)
);
create index active_trial_users_granted_idx on public.active_trial_users (status, granted_at desc);
create index active_trial_users_expires_idx on public.active_trial_users (expires_at);
-- Deleting a trial request sets this null: without the index, a scan of trials per request deleted.
create index active_trial_users_trial_request_idx on public.active_trial_users (trial_request_id);

create table public.expired_trials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  email text not null,
  granted_at timestamptz,
  expired_at timestamptz not null default now(),
  can_retrial boolean not null default false
);
create index expired_trials_expired_idx on public.expired_trials (expired_at desc);
create index expired_trials_user_idx on public.expired_trials (user_id, expired_at desc);

create table public.module_unlocks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  module_name text not null check (module_name ~ '^[a-z0-9-]{1,64}$'),
  unlocked_at timestamptz not null default now(),
  unique (user_id, module_name)
);
create index module_unlocks_unlocked_idx on public.module_unlocks (unlocked_at desc);

-- Secrets the client never sees: the two accepted unlock passwords (bcrypt hashes) and the shared
-- trial password shown to users with a pending or active trial. Set per environment (seed.sql locally).
create table private.module_passwords (
  id smallint generated always as identity primary key,
  password_hash text not null
);

create table private.settings (
  key text primary key,
  value text not null
);

-- A profile for every new account; the e-mail follows auth.users.
-- Names are 2 to 100 characters, as the sign-up form checks. handle_new_user trims the name from the
-- sign-up metadata (`name`, else Google's `full_name`) and folds runs of white space into one space;
-- a longer name (Google's can be) is cut to 100 characters; a name under 2 characters is refused, so
-- the sign-up fails. An account created without any name (an operator's, or a provider that sends
-- none) is named after its e-mail address: the part before the @, or the whole address when that
-- part is a single character, cut to 100 characters. The user can be told their name is their
-- address; an empty name would show nothing at all in the admin lists.
create function private.name_from_email(email text) returns text
language sql immutable set search_path = '' as $$
  select left(case when char_length(split_part(email, '@', 1)) >= 2 then split_part(email, '@', 1) else email end, 100);
$$;

create function private.tidy_name(name text) returns text
language sql immutable set search_path = '' as $$
  select nullif(btrim(regexp_replace(name, '\s+', ' ', 'g')), '');
$$;

create function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  supplied text := coalesce(
    private.tidy_name(new.raw_user_meta_data ->> 'name'),
    private.tidy_name(new.raw_user_meta_data ->> 'full_name')
  );
begin
  if supplied is not null and char_length(supplied) < 2 then
    raise exception 'Name must be at least 2 characters' using errcode = '23514';
  end if;
  insert into public.profiles (id, name, email)
  values (new.id, coalesce(rtrim(left(supplied, 100)), private.name_from_email(new.email)), new.email);
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

create function private.handle_user_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email) execute function private.handle_user_email_change();

alter publication supabase_realtime add table public.notifications;
