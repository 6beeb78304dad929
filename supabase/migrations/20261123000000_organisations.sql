-- Organisations (DESIGN.md section 7): Revolve's customers (a GP practice, a PCN, a training hub,
-- an ICB, a trust, a university) with their seats and term, their members (managers and learners)
-- and the cohorts managers group learners into. Access codes belong to an organisation
-- (20261124000000); invitations, assignments and the manager's functions follow in
-- 20261130000000_organisation_workspace.sql.
--
-- A seat is one active member. Membership is a row per spell: removing a member stamps removed_at
-- (the seat is free at once, and the access that came from the organisation ends), and joining
-- again makes a new row, so the history stays. All reads and writes by managers go through
-- functions that check the caller; the tables grant API roles nothing but a learner's own rows.

create table public.organisations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name = btrim(name) and char_length(name) between 2 and 200),
  kind text not null check (kind in ('gp_practice', 'pcn', 'training_hub', 'icb', 'trust',
    'university', 'other')),
  seats integer not null check (seats between 1 and 100000),
  -- The organisation's access holds from the first day to the last, inclusive, in London.
  term_starts_on date not null,
  term_ends_on date not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (term_ends_on >= term_starts_on)
);
create index organisations_created_at_idx on public.organisations (created_at desc);
create index organisations_created_by_idx on public.organisations (created_by);

create table public.cohorts (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  name text not null check (name = btrim(name) and char_length(name) between 1 and 100),
  created_at timestamptz not null default now(),
  -- The target of the composite keys below, so that a member or an assignment names a cohort of
  -- its own organisation.
  unique (organisation_id, id)
);
create unique index cohorts_name_idx on public.cohorts (organisation_id, lower(name));

create table public.organisation_members (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role text not null check (role in ('manager', 'learner')),
  cohort_id uuid,
  joined_at timestamptz not null default now(),
  removed_at timestamptz,
  removed_by uuid references auth.users (id) on delete set null,
  foreign key (organisation_id, cohort_id) references public.cohorts (organisation_id, id)
    on delete set null (cohort_id),
  check (removed_at is null or removed_at >= joined_at)
);
-- One active membership per organisation and user; a user may belong to several organisations.
create unique index organisation_members_active_idx on public.organisation_members
  (organisation_id, user_id) where removed_at is null;
create index organisation_members_user_idx on public.organisation_members (user_id)
  where removed_at is null;
create index organisation_members_cohort_idx on public.organisation_members
  (organisation_id, cohort_id) where removed_at is null;
create index organisation_members_removed_by_idx on public.organisation_members (removed_by);

-- Invitations name people by address (lower case): finding the account, or the member, of one is
-- an indexed equality, not a scan of every profile per address invited.
create index profiles_email_lower_idx on public.profiles (lower(email));

alter table public.organisations enable row level security;
alter table public.cohorts enable row level security;
alter table public.organisation_members enable row level security;
revoke all on public.organisations, public.cohorts, public.organisation_members
  from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.organisations, public.cohorts,
  public.organisation_members to service_role;

-- A learner reads their own memberships (what their dashboard lists); everything else goes through
-- the functions of 20261130000000, which check the caller.
create policy "members read their own memberships" on public.organisation_members
  for select to authenticated using (user_id = (select auth.uid()));
grant select (id, organisation_id, user_id, role, cohort_id, joined_at, removed_at)
  on public.organisation_members to authenticated;

-- Today in London, the calendar of terms and due dates.
create function private.london_today() returns date
language sql stable set search_path = '' as $$
  select (now() at time zone 'Europe/London')::date;
$$;

create function private.organisation_in_term(organisation_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.organisations o
    where o.id = organisation_in_term.organisation_id
      and private.london_today() between o.term_starts_on and o.term_ends_on
  );
$$;

-- Active members, managers included: the seats used.
create function private.organisation_seats_used(organisation_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.organisation_members m
  where m.organisation_id = organisation_seats_used.organisation_id and m.removed_at is null;
$$;

-- The caller manages the organisation: an active manager, signed in at aal2 (as admins are).
create function private.is_organisation_manager(organisation_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2' and exists (
    select 1 from public.organisation_members m
    where m.organisation_id = is_organisation_manager.organisation_id
      and m.user_id = auth.uid() and m.role = 'manager' and m.removed_at is null
  );
$$;

create function private.assert_organisation_manager(organisation_id uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.organisations o where o.id = assert_organisation_manager.organisation_id)
    or not (private.is_organisation_manager(organisation_id) or private.is_admin()) then
    -- The same answer whether the organisation exists or not: a manager learns nothing of others.
    raise exception 'Only a manager of this organisation, signed in with a second factor, can do this'
      using errcode = '42501';
  end if;
end;
$$;

revoke all on function private.london_today(), private.organisation_in_term(uuid),
  private.organisation_seats_used(uuid), private.is_organisation_manager(uuid),
  private.assert_organisation_manager(uuid)
  from public, anon, authenticated, service_role;
