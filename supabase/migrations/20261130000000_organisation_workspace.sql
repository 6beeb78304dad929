-- The organisation workspace (DESIGN.md section 7; docs/organisations.md): Revolve's admins create
-- an organisation and invite its first manager; managers invite their staff (one by one or a CSV of
-- up to 500), group them into cohorts, assign modules with due dates, and follow who completed.
--
-- Who sees what. A manager (an active member with the role manager, signed in at aal2) reaches
-- their organisation only through the functions below, which check the caller: the members'
-- names, e-mail addresses and cohorts, their invitations, and progress on the modules the
-- organisation assigned or that they unlocked with its access codes. Nothing else of a member
-- (not another organisation's assignments, not notifications, not reflections). Revolve's admins
-- (aal2) may do everything a manager may. Every change a manager or an admin makes here is written
-- to the audit log with the organisation.

-- Invitations -------------------------------------------------------------------------------------

-- An invitation is open until accepted, declined, withdrawn or expired (14 days after it was last
-- sent). An open invitation holds a seat, so an organisation never invites more people than it can
-- take. Its e-mail goes through public.email_deliveries (kind 'organisation_invitation'): for
-- someone without an account, the function send-organisation-invitation asks Supabase Auth for an
-- invite link (the account is made then); for an existing user, the e-mail links to /invitations.
create table public.organisation_invitations (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and char_length(email) between 3 and 254),
  name text check (name = btrim(name) and char_length(name) between 1 and 100),
  role text not null default 'learner' check (role in ('manager', 'learner')),
  cohort_id uuid,
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  declined_at timestamptz,
  withdrawn_at timestamptz,
  foreign key (organisation_id, cohort_id) references public.cohorts (organisation_id, id)
    on delete set null (cohort_id),
  check (num_nonnulls(accepted_at, declined_at, withdrawn_at) <= 1)
);
-- One invitation not yet answered per organisation and address (an expired one is renewed).
create unique index organisation_invitations_open_idx on public.organisation_invitations
  (organisation_id, email) where accepted_at is null and declined_at is null and withdrawn_at is null;
create index organisation_invitations_email_idx on public.organisation_invitations (email)
  where accepted_at is null and declined_at is null and withdrawn_at is null;
create index organisation_invitations_cohort_idx on public.organisation_invitations
  (organisation_id, cohort_id);
create index organisation_invitations_invited_by_idx on public.organisation_invitations (invited_by);
create index organisation_invitations_accepted_by_idx on public.organisation_invitations (accepted_by);

alter table public.organisation_invitations enable row level security;
revoke all on public.organisation_invitations from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.organisation_invitations to service_role;

-- Assignments -------------------------------------------------------------------------------------

-- A module assigned to the whole organisation (no cohort) or to one cohort, due on a day (London).
-- It opens the module for the members it covers while they stay and the organisation's term
-- lasts. Withdrawing it ends that.
create table public.assignments (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  cohort_id uuid,
  module text not null references public.learning_modules (slug),
  due_on date not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  withdrawn_at timestamptz,
  foreign key (organisation_id, cohort_id) references public.cohorts (organisation_id, id)
    on delete cascade
);
create unique index assignments_active_idx on public.assignments
  (organisation_id, coalesce(cohort_id, '00000000-0000-0000-0000-000000000000'::uuid), module)
  where withdrawn_at is null;
create index assignments_module_idx on public.assignments (module);
create index assignments_cohort_idx on public.assignments (organisation_id, cohort_id);
create index assignments_created_by_idx on public.assignments (created_by);

alter table public.assignments enable row level security;
revoke all on public.assignments from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.assignments to service_role;

-- What a member has been assigned: the organisation's assignments for everyone, and those of the
-- member's cohort. Only active members of organisations in term.
create view private.member_assignments as
  select m.id as member_id, m.organisation_id, m.user_id, m.cohort_id, a.id as assignment_id,
    a.module, a.due_on
  from public.organisation_members m
  join public.assignments a on a.organisation_id = m.organisation_id and a.withdrawn_at is null
    and (a.cohort_id is null or a.cohort_id = m.cohort_id)
  where m.removed_at is null;
revoke all on private.member_assignments from public, anon, authenticated, service_role;

-- The same, one row per member and module (a module assigned to everyone and to the member's
-- cohort is due on the earlier date). Grouped with the organisation, so that a filter on the
-- organisation reaches inside the grouping and only its members are read.
create view private.member_modules as
  select a.organisation_id, a.member_id, a.user_id, a.module, min(a.due_on) as due_on
  from private.member_assignments a
  group by a.organisation_id, a.member_id, a.user_id, a.module;
revoke all on private.member_modules from public, anon, authenticated, service_role;

-- The gate -----------------------------------------------------------------------------------------

-- Whether a user may open a module's training: Rural Minds, anyone signed in; a module they
-- unlocked during a trial, while the trial lasts; one they unlocked with an organisation's access
-- code, while they are a member and the organisation's term lasts; one their organisation assigned
-- them, on the same terms.
create function private.may_open_module(uid uuid, module text) returns boolean
language sql stable security definer set search_path = '' as $$
  select module = 'rural-minds'
    or exists (
      select 1 from public.module_unlocks u
      where u.user_id = uid and u.module_name = module and u.grant_kind = 'trial'
        and private.has_active_trial(uid)
    )
    or exists (
      select 1 from public.module_unlocks u
      join public.access_codes c on c.id = u.access_code_id
      join public.organisation_members m on m.organisation_id = c.organisation_id
        and m.user_id = uid and m.removed_at is null
      where u.user_id = uid and u.module_name = module
        and private.organisation_in_term(c.organisation_id)
    )
    or exists (
      select 1 from private.member_assignments a
      where a.user_id = uid and a.module = may_open_module.module
        and private.organisation_in_term(a.organisation_id)
    );
$$;

-- Seats ---------------------------------------------------------------------------------------------

-- Seats taken: active members, and open invitations of people who are not members yet.
create function private.organisation_seats_taken(organisation_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select private.organisation_seats_used(organisation_id) + (
    select count(*)::integer from public.organisation_invitations i
    where i.organisation_id = organisation_seats_taken.organisation_id
      and i.accepted_at is null and i.declined_at is null and i.withdrawn_at is null
      and i.expires_at > now()
      and not exists (
        select 1 from public.organisation_members m join public.profiles p on p.id = m.user_id
        where m.organisation_id = i.organisation_id and m.removed_at is null and lower(p.email) = i.email
      )
  );
$$;

-- Makes `uid` an active learner by one of the organisation's access codes (unlock_module), taking a
-- seat: the organisation's row is locked first, so two people racing for the last seat cannot both
-- get it. The seats taken count open invitations, but not one to this user. An active member keeps
-- their row. Answers the membership, or null when no seat is left.
create function private.join_organisation(organisation_id uuid, uid uuid)
returns public.organisation_members
language plpgsql volatile security definer set search_path = '' as $$
declare
  organisation public.organisations;
  membership public.organisation_members;
  invited integer;
begin
  select * into organisation from public.organisations o
  where o.id = join_organisation.organisation_id for update;
  if not found then
    raise exception 'Organisation not found' using errcode = 'PT404';
  end if;
  select * into membership from public.organisation_members m
  where m.organisation_id = organisation.id and m.user_id = uid and m.removed_at is null;
  if found then
    return membership;
  end if;
  select count(*) into invited from public.organisation_invitations i
  join public.profiles p on p.id = uid and lower(p.email) = i.email
  where i.organisation_id = organisation.id and i.accepted_at is null and i.declined_at is null
    and i.withdrawn_at is null and i.expires_at > now();
  if private.organisation_seats_taken(organisation.id) - invited >= organisation.seats then
    return null;
  end if;
  insert into public.organisation_members (organisation_id, user_id, role)
  values (organisation.id, uid, 'learner')
  returning * into membership;
  return membership;
end;
$$;

-- Revolve's admins ---------------------------------------------------------------------------------

create domain public.organisation_status as text not null
  check (value in ('upcoming', 'active', 'ended'));

-- An organisation as Revolve's admins list it.
create view public.admin_organisation_list with (security_invoker = true) as
  select o.id, o.name, o.kind, o.seats, private.organisation_seats_used(o.id)::public.seat_count as seats_used,
    o.term_starts_on, o.term_ends_on, o.created_at,
    (case
      when (select private.london_today()) < o.term_starts_on then 'upcoming'
      when (select private.london_today()) > o.term_ends_on then 'ended'
      else 'active'
    end)::public.organisation_status as status,
    array(
      select p.email from public.organisation_members m join public.profiles p on p.id = m.user_id
      where m.organisation_id = o.id and m.role = 'manager' and m.removed_at is null
      order by p.email
    ) as manager_emails,
    array(
      select i.email from public.organisation_invitations i
      where i.organisation_id = o.id and i.role = 'manager' and i.accepted_at is null
        and i.declined_at is null and i.withdrawn_at is null and i.expires_at > now()
      order by i.email
    ) as invited_manager_emails
  from public.organisations o;
revoke all on public.admin_organisation_list from public, anon, authenticated, service_role;

create function private.check_organisation(name text, kind text, seats integer,
  term_starts_on date, term_ends_on date)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if name is null or btrim(name) <> name or char_length(name) not between 2 and 200 then
    raise exception 'Name must be 2 to 200 characters' using errcode = '22023';
  end if;
  if kind is null or kind not in ('gp_practice', 'pcn', 'training_hub', 'icb', 'trust', 'university', 'other') then
    raise exception 'Choose the kind of organisation' using errcode = '22023';
  end if;
  if seats is null or seats not between 1 and 100000 then
    raise exception 'Seats must be a whole number from 1 to 100000' using errcode = '22023';
  end if;
  if term_starts_on is null or term_ends_on is null or term_ends_on < term_starts_on then
    raise exception 'The term must end on or after the day it starts' using errcode = '22023';
  end if;
end;
$$;

create function public.create_organisation(name text, kind text, seats integer,
  term_starts_on date, term_ends_on date)
returns setof public.admin_organisation_list
language plpgsql volatile security definer set search_path = '' as $$
declare
  created public.organisations;
begin
  perform private.assert_admin();
  perform private.check_organisation(btrim(name), kind, seats, term_starts_on, term_ends_on);
  insert into public.organisations (name, kind, seats, term_starts_on, term_ends_on, created_by)
  values (btrim(name), kind, seats, term_starts_on, term_ends_on, auth.uid())
  returning * into created;
  perform private.audit('create_organisation', null, created.id,
    jsonb_build_object('name', created.name, 'kind', created.kind, 'seats', created.seats,
      'term_starts_on', created.term_starts_on, 'term_ends_on', created.term_ends_on), created.id);
  return query select l.* from public.admin_organisation_list l where l.id = created.id;
end;
$$;

-- Seats may not fall below the members the organisation has.
create function public.update_organisation(organisation_id uuid, name text, kind text, seats integer,
  term_starts_on date, term_ends_on date)
returns setof public.admin_organisation_list
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.organisations;
begin
  perform private.assert_admin();
  perform private.check_organisation(btrim(name), kind, seats, term_starts_on, term_ends_on);
  select * into target from public.organisations o where o.id = update_organisation.organisation_id for update;
  if not found then
    raise exception 'Organisation not found' using errcode = 'PT404';
  end if;
  if seats < private.organisation_seats_used(target.id) then
    raise exception 'The organisation has % members; seats cannot be fewer', private.organisation_seats_used(target.id)
      using errcode = '22023';
  end if;
  update public.organisations o set name = btrim(update_organisation.name), kind = update_organisation.kind,
    seats = update_organisation.seats, term_starts_on = update_organisation.term_starts_on,
    term_ends_on = update_organisation.term_ends_on
  where o.id = target.id;
  perform private.audit('update_organisation', null, target.id,
    jsonb_build_object('name', btrim(update_organisation.name), 'kind', update_organisation.kind,
      'seats', update_organisation.seats, 'term_starts_on', update_organisation.term_starts_on,
      'term_ends_on', update_organisation.term_ends_on), target.id);
  return query select l.* from public.admin_organisation_list l where l.id = target.id;
end;
$$;

-- Newest first; the app filters, orders and pages the answer through the API.
create function public.admin_organisations() returns setof public.admin_organisation_list
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_admin();
  return query select l.* from public.admin_organisation_list l order by l.created_at desc, l.id;
end;
$$;

-- Managers: the organisation ----------------------------------------------------------------------

-- The organisations the caller manages, at any assurance level: the page needs their names to
-- say that a second factor is needed before it shows anything else.
create function public.my_managed_organisations()
returns table (id uuid, name text)
language sql stable security definer set search_path = '' as $$
  select o.id, o.name from public.organisation_members m join public.organisations o on o.id = m.organisation_id
  where m.user_id = (select auth.uid()) and m.role = 'manager' and m.removed_at is null
  order by o.name, o.id;
$$;

create function public.organisation_overview(organisation_id uuid)
returns setof public.admin_organisation_list
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_organisation_manager(organisation_id);
  return query select l.* from public.admin_organisation_list l where l.id = organisation_overview.organisation_id;
end;
$$;

-- Members -------------------------------------------------------------------------------------------

-- An active member with what their manager may see: name, e-mail, role, cohort, and a summary of
-- their progress on the modules assigned to them.
create view public.organisation_member_list with (security_invoker = true) as
  select m.id, m.organisation_id, m.user_id, p.name, p.email, m.role, m.cohort_id, c.name as cohort_name,
    m.joined_at, coalesce(s.assigned, 0)::integer as assigned,
    coalesce(s.completed, 0)::integer as completed, coalesce(s.overdue, 0)::integer as overdue
  from public.organisation_members m
  join public.profiles p on p.id = m.user_id
  left join public.cohorts c on c.id = m.cohort_id
  left join (
    select a.organisation_id, a.member_id, count(*) as assigned, count(lp.completed_at) as completed,
      count(*) filter (where a.due_on < (select private.london_today()) and lp.completed_at is null) as overdue
    from private.member_modules a
    left join public.learning_progress lp on lp.user_id = a.user_id and lp.module = a.module
    group by a.organisation_id, a.member_id
  ) s on s.organisation_id = m.organisation_id and s.member_id = m.id
  where m.removed_at is null;
revoke all on public.organisation_member_list from public, anon, authenticated, service_role;

create function public.organisation_members(organisation_id uuid)
returns setof public.organisation_member_list
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_organisation_manager(organisation_id);
  return query select l.* from public.organisation_member_list l
  where l.organisation_id = organisation_members.organisation_id
  order by l.name, l.email, l.id;
end;
$$;

-- Removing a member frees their seat and ends the access that came from the organisation (its
-- codes and assignments); their own records stay theirs.
create function public.remove_organisation_member(member_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.organisation_members;
begin
  select * into target from public.organisation_members m where m.id = member_id and m.removed_at is null;
  perform private.assert_organisation_manager(target.organisation_id);
  if target.user_id = auth.uid() then
    raise exception 'You cannot remove yourself' using errcode = '22023';
  end if;
  update public.organisation_members m set removed_at = now(), removed_by = auth.uid()
  where m.id = target.id;
  perform private.audit('remove_member', target.user_id, target.id,
    jsonb_build_object('email', (select p.email from public.profiles p where p.id = target.user_id),
      'role', target.role), target.organisation_id);
end;
$$;

-- No cohort (null) takes the member out of theirs.
create function public.set_member_cohort(member_id uuid, cohort_id uuid default null) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.organisation_members;
begin
  select * into target from public.organisation_members m where m.id = member_id and m.removed_at is null;
  perform private.assert_organisation_manager(target.organisation_id);
  if set_member_cohort.cohort_id is not null and not exists (select 1 from public.cohorts c
      where c.id = set_member_cohort.cohort_id and c.organisation_id = target.organisation_id) then
    raise exception 'Cohort not found' using errcode = 'PT404';
  end if;
  update public.organisation_members m set cohort_id = set_member_cohort.cohort_id where m.id = target.id;
  perform private.audit('change_member_cohort', target.user_id, target.id,
    jsonb_build_object('cohort', (select c.name from public.cohorts c where c.id = set_member_cohort.cohort_id)),
    target.organisation_id);
end;
$$;

-- Cohorts -------------------------------------------------------------------------------------------

create view public.organisation_cohort_list with (security_invoker = true) as
  select c.id, c.organisation_id, c.name, c.created_at,
    (select count(*) from public.organisation_members m
      where m.cohort_id = c.id and m.removed_at is null)::public.seat_count as members
  from public.cohorts c;
revoke all on public.organisation_cohort_list from public, anon, authenticated, service_role;

create function public.organisation_cohorts(organisation_id uuid)
returns setof public.organisation_cohort_list
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_organisation_manager(organisation_id);
  return query select l.* from public.organisation_cohort_list l
  where l.organisation_id = organisation_cohorts.organisation_id order by lower(l.name), l.id;
end;
$$;

create function private.check_cohort_name(name text) returns text
language plpgsql immutable set search_path = '' as $$
begin
  if name is null or btrim(name) = '' or char_length(btrim(name)) > 100 or btrim(name) ~ '[[:cntrl:]]' then
    raise exception 'Cohort name must be 1 to 100 characters' using errcode = '22023';
  end if;
  return btrim(name);
end;
$$;

create function public.create_cohort(organisation_id uuid, name text)
returns setof public.organisation_cohort_list
language plpgsql volatile security definer set search_path = '' as $$
declare
  created public.cohorts;
begin
  perform private.assert_organisation_manager(organisation_id);
  insert into public.cohorts (organisation_id, name)
  values (create_cohort.organisation_id, private.check_cohort_name(name))
  returning * into created;
  perform private.audit('create_cohort', null, created.id, jsonb_build_object('name', created.name),
    created.organisation_id);
  return query select l.* from public.organisation_cohort_list l where l.id = created.id;
exception when unique_violation then
  raise exception 'There is already a cohort with this name' using errcode = 'PT409';
end;
$$;

create function public.rename_cohort(cohort_id uuid, name text)
returns setof public.organisation_cohort_list
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.cohorts;
begin
  select * into target from public.cohorts c where c.id = cohort_id;
  perform private.assert_organisation_manager(target.organisation_id);
  update public.cohorts c set name = private.check_cohort_name(rename_cohort.name) where c.id = target.id;
  perform private.audit('rename_cohort', null, target.id,
    jsonb_build_object('from', target.name, 'to', btrim(rename_cohort.name)), target.organisation_id);
  return query select l.* from public.organisation_cohort_list l where l.id = target.id;
exception when unique_violation then
  raise exception 'There is already a cohort with this name' using errcode = 'PT409';
end;
$$;

-- Its members stay in the organisation without a cohort; its assignments go.
create function public.delete_cohort(cohort_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.cohorts;
begin
  select * into target from public.cohorts c where c.id = cohort_id;
  perform private.assert_organisation_manager(target.organisation_id);
  delete from public.cohorts c where c.id = target.id;
  perform private.audit('delete_cohort', null, target.id, jsonb_build_object('name', target.name),
    target.organisation_id);
end;
$$;

-- Assignments -------------------------------------------------------------------------------------

create view public.organisation_assignment_list with (security_invoker = true) as
  select a.id, a.organisation_id, a.cohort_id, c.name as cohort_name, a.module, m.title as module_title,
    a.due_on, a.created_at
  from public.assignments a
  join public.learning_modules m on m.slug = a.module
  left join public.cohorts c on c.id = a.cohort_id
  where a.withdrawn_at is null;
revoke all on public.organisation_assignment_list from public, anon, authenticated, service_role;

create function public.organisation_assignments(organisation_id uuid)
returns setof public.organisation_assignment_list
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_organisation_manager(organisation_id);
  return query select l.* from public.organisation_assignment_list l
  where l.organisation_id = organisation_assignments.organisation_id
  order by l.due_on, l.module_title, l.cohort_name nulls first, l.id;
end;
$$;

-- Assigning a module again to the same people moves its due date.
create function public.assign_module(organisation_id uuid, module text, due_on date, cohort_id uuid default null)
returns setof public.organisation_assignment_list
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  assigned public.assignments;
begin
  perform private.assert_organisation_manager(organisation_id);
  if module is null or not (module = any (private.training_module_slugs())) then
    raise exception 'Unknown training module' using errcode = '22023';
  end if;
  if due_on is null or due_on < private.london_today() then
    raise exception 'The due date cannot be in the past' using errcode = '22023';
  end if;
  if assign_module.cohort_id is not null and not exists (select 1 from public.cohorts c
      where c.id = assign_module.cohort_id and c.organisation_id = assign_module.organisation_id) then
    raise exception 'Cohort not found' using errcode = 'PT404';
  end if;
  insert into public.assignments (organisation_id, cohort_id, module, due_on, created_by)
  values (assign_module.organisation_id, assign_module.cohort_id, assign_module.module,
    assign_module.due_on, auth.uid())
  on conflict (organisation_id, coalesce(cohort_id, '00000000-0000-0000-0000-000000000000'::uuid), module)
    where withdrawn_at is null
  do update set due_on = excluded.due_on
  returning * into assigned;
  perform private.audit('assign_module', null, assigned.id,
    jsonb_build_object('module', assigned.module, 'due_on', assigned.due_on,
      'cohort', (select c.name from public.cohorts c where c.id = assigned.cohort_id)),
    assigned.organisation_id);
  return query select l.* from public.organisation_assignment_list l where l.id = assigned.id;
end;
$$;

create function public.withdraw_assignment(assignment_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.assignments;
begin
  select * into target from public.assignments a where a.id = assignment_id and a.withdrawn_at is null;
  perform private.assert_organisation_manager(target.organisation_id);
  update public.assignments a set withdrawn_at = now() where a.id = target.id;
  perform private.audit('withdraw_assignment', null, target.id,
    jsonb_build_object('module', target.module, 'due_on', target.due_on), target.organisation_id);
end;
$$;

-- The completion matrix ---------------------------------------------------------------------------

create domain public.progress_state as text not null
  check (value in ('not_started', 'in_progress', 'completed'));

-- One cell per active member and module the organisation shows them: those assigned to them (with
-- the earliest due date) and those they unlocked with its codes.
create view public.organisation_progress_cells with (security_invoker = true) as
  with shown as (
    select a.member_id, a.organisation_id, a.user_id, a.module, a.due_on
    from private.member_modules a
    union all
    select m.id, m.organisation_id, m.user_id, u.module_name, null
    from public.organisation_members m
    join public.access_codes c on c.organisation_id = m.organisation_id
    join public.module_unlocks u on u.access_code_id = c.id and u.user_id = m.user_id
    where m.removed_at is null
      and not exists (select 1 from private.member_assignments a
        where a.member_id = m.id and a.module = u.module_name)
  )
  select s.member_id, s.organisation_id, s.user_id, s.module, s.due_on,
    (case
      when lp.completed_at is not null then 'completed'
      when lp.user_id is not null then 'in_progress'
      else 'not_started'
    end)::public.progress_state as state,
    coalesce(lp.percent, 0)::integer as percent,
    lp.completed_at,
    cert.code as certificate_code,
    (s.due_on is not null and s.due_on < (select private.london_today()) and lp.completed_at is null) as overdue
  from shown s
  left join public.learning_progress lp on lp.user_id = s.user_id and lp.module = s.module
  left join public.certificates cert on cert.user_id = s.user_id and cert.module = s.module
    and cert.revoked_at is null;
revoke all on public.organisation_progress_cells from public, anon, authenticated, service_role;

-- All of the organisation's cells, or those of the members named (a page of the matrix).
create function public.organisation_progress(organisation_id uuid, user_ids uuid[] default null)
returns setof public.organisation_progress_cells
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_organisation_manager(organisation_id);
  return query select c.* from public.organisation_progress_cells c
  where c.organisation_id = organisation_progress.organisation_id
    and (organisation_progress.user_ids is null or c.user_id = any (organisation_progress.user_ids))
  order by c.user_id, c.module;
end;
$$;

-- Invitations -------------------------------------------------------------------------------------

create domain public.invitation_status as text not null
  check (value in ('pending', 'expired', 'accepted', 'declined', 'withdrawn'));
create domain public.delivery_status as text not null
  check (value in ('sending', 'retrying', 'sent', 'failed'));

create view public.organisation_invitation_list with (security_invoker = true) as
  select i.id, i.organisation_id, i.email, i.name, i.role, i.cohort_id, c.name as cohort_name,
    i.created_at, i.sent_at, i.expires_at,
    (case
      when i.accepted_at is not null then 'accepted'
      when i.declined_at is not null then 'declined'
      when i.withdrawn_at is not null then 'withdrawn'
      when i.expires_at <= now() then 'expired'
      else 'pending'
    end)::public.invitation_status as status,
    (case
      when d.delivered_at is not null then 'sent'
      when d.cancelled_at is not null or (d.attempts >= d.max_attempts and d.request_id is null) then 'failed'
      when d.last_error is not null then 'retrying'
      else 'sending'
    end)::public.delivery_status as delivery
  from public.organisation_invitations i
  left join public.cohorts c on c.id = i.cohort_id
  left join public.email_deliveries d on d.kind = 'organisation_invitation' and d.subject_id = i.id;
revoke all on public.organisation_invitation_list from public, anon, authenticated, service_role;

create function public.organisation_invitations(organisation_id uuid)
returns setof public.organisation_invitation_list
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_organisation_manager(organisation_id);
  return query select l.* from public.organisation_invitation_list l
  where l.organisation_id = organisation_invitations.organisation_id
    and l.status in ('pending', 'expired')
  order by l.created_at desc, l.id;
end;
$$;

-- Queues an invitation's e-mail (again, for a resend: a new delivery row each time, since one row
-- is one e-mail) and tells an existing user in the app too.
create function private.send_invitation(invitation public.organisation_invitations) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  recipient uuid := (select p.id from public.profiles p where lower(p.email) = invitation.email limit 1);
begin
  delete from public.email_deliveries d
  where d.kind = 'organisation_invitation' and d.subject_id = invitation.id;
  insert into public.email_deliveries (kind, subject_id, user_id)
  values ('organisation_invitation', invitation.id, recipient);
  if recipient is not null then
    insert into public.notifications (user_id, title, message, type)
    values (recipient, left(format('Invitation from %s',
        (select o.name from public.organisations o where o.id = invitation.organisation_id)), 200),
      'You have been invited to join an organisation on Revolve. Open Invitations from your dashboard to accept.',
      'info');
  end if;
end;
$$;

-- Invites the people listed (a JSON array of {email, name, cohort}, up to 500): each gets its own
-- result (row_number: its place in the list, from 1): 'invited', 'already_invited' (an open invitation exists: nothing is sent
-- again, so an upload can be repeated), 'already_member', 'invalid_email', 'invalid_name',
-- 'invalid_cohort', 'duplicate' (the address came earlier in the list) or 'no_seat'. Cohorts named
-- that do not exist yet are made. All of it is one transaction. Only admins invite managers.
create function public.invite_organisation_members(organisation_id uuid, people jsonb, role text default 'learner')
returns table (row_number integer, email text, result text, invitation_id uuid)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  organisation public.organisations;
  person jsonb;
  place integer := 0;
  address text;
  person_name text;
  cohort_name text;
  cohort uuid;
  seen text[] := '{}';
  free integer;
  renewing boolean;
  member_role text;
  invitation public.organisation_invitations;
begin
  perform private.assert_organisation_manager(invite_organisation_members.organisation_id);
  if role is null or role not in ('learner', 'manager') then
    raise exception 'Unknown role' using errcode = '22023';
  end if;
  if role = 'manager' and not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only Revolve can invite a manager' using errcode = '42501';
  end if;
  if jsonb_typeof(people) is distinct from 'array' then
    raise exception 'Send a list of people' using errcode = '22023';
  end if;
  if jsonb_array_length(people) = 0 or jsonb_array_length(people) > 500 then
    raise exception 'Invite 1 to 500 people at a time' using errcode = '22023';
  end if;
  -- One invitation run per organisation at a time, so seats are counted once.
  select * into organisation from public.organisations o
  where o.id = invite_organisation_members.organisation_id for update;
  free := organisation.seats - private.organisation_seats_taken(organisation.id);

  for person in select value from jsonb_array_elements(people) loop
    place := place + 1;
    row_number := place;
    invitation_id := null;
    address := case when jsonb_typeof(person -> 'email') = 'string'
      then lower(btrim(person ->> 'email')) end;
    person_name := case when jsonb_typeof(person -> 'name') = 'string'
      then nullif(btrim(person ->> 'name'), '') end;
    cohort_name := case when jsonb_typeof(person -> 'cohort') = 'string'
      then nullif(btrim(person ->> 'cohort'), '') end;
    email := coalesce(left(address, 254), '');
    if jsonb_typeof(person) is distinct from 'object' or address is null
      or char_length(address) not between 3 and 254
      or address !~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$' then
      result := 'invalid_email';
    elsif person_name is not null and (char_length(person_name) > 100 or person_name ~ '[[:cntrl:]]') then
      result := 'invalid_name';
    elsif cohort_name is not null and (char_length(cohort_name) > 100 or cohort_name ~ '[[:cntrl:]]') then
      result := 'invalid_cohort';
    elsif address = any (seen) then
      result := 'duplicate';
    elsif exists (select 1 from public.organisation_members m join public.profiles p on p.id = m.user_id
        where m.organisation_id = organisation.id and m.removed_at is null and lower(p.email) = address
          -- A learner may be invited to manage (a manager who lost their authenticator app is one).
          and (invite_organisation_members.role = 'learner' or m.role = 'manager')) then
      result := 'already_member';
    else
      -- A member invited to manage already has their seat.
      member_role := (select m.role from public.organisation_members m
        join public.profiles p on p.id = m.user_id
        where m.organisation_id = organisation.id and m.removed_at is null and lower(p.email) = address);
      select * into invitation from public.organisation_invitations i
      where i.organisation_id = organisation.id and i.email = address
        and i.accepted_at is null and i.declined_at is null and i.withdrawn_at is null;
      renewing := found;
      if renewing and invitation.expires_at > now() then
        result := 'already_invited';
        invitation_id := invitation.id;
      elsif free <= 0 and member_role is null then
        result := 'no_seat';
      else
        cohort := null;
        if cohort_name is not null then
          insert into public.cohorts (organisation_id, name) values (organisation.id, cohort_name)
          on conflict (organisation_id, lower(name)) do nothing;
          select c.id into cohort from public.cohorts c
          where c.organisation_id = organisation.id and lower(c.name) = lower(cohort_name);
        end if;
        if renewing then
          -- An expired invitation is renewed (it held no seat while expired).
          update public.organisation_invitations i set sent_at = now(),
              expires_at = now() + interval '14 days', name = coalesce(person_name, i.name),
              cohort_id = coalesce(cohort, i.cohort_id), invited_by = auth.uid()
          where i.id = invitation.id returning * into invitation;
        else
          insert into public.organisation_invitations (organisation_id, email, name, role, cohort_id, invited_by)
          values (organisation.id, address, person_name, invite_organisation_members.role, cohort, auth.uid())
          returning * into invitation;
        end if;
        if member_role is null then
          free := free - 1;
        end if;
        perform private.send_invitation(invitation);
        perform private.audit('invite_member', null, invitation.id,
          jsonb_build_object('email', address, 'role', invitation.role), organisation.id);
        result := 'invited';
        invitation_id := invitation.id;
      end if;
    end if;
    seen := seen || address;
    return next;
    result := null;
  end loop;
  perform private.attempt_email_deliveries_now('organisation_invitation', 'send-organisation-invitation');
end;
$$;

create function public.resend_invitation(invitation_id uuid)
returns setof public.organisation_invitation_list
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.organisation_invitations;
begin
  select * into target from public.organisation_invitations i
  where i.id = invitation_id and i.accepted_at is null and i.declined_at is null and i.withdrawn_at is null;
  perform private.assert_organisation_manager(target.organisation_id);
  perform 1 from public.organisations o where o.id = target.organisation_id for update;
  -- An expired invitation takes a seat again.
  if target.expires_at <= now()
    and private.organisation_seats_taken(target.organisation_id)
      >= (select o.seats from public.organisations o where o.id = target.organisation_id) then
    raise exception 'No seat left: remove a member or ask Revolve for more seats' using errcode = 'PT409';
  end if;
  update public.organisation_invitations i set sent_at = now(), expires_at = now() + interval '14 days'
  where i.id = target.id returning * into target;
  perform private.send_invitation(target);
  perform private.attempt_email_deliveries_now('organisation_invitation', 'send-organisation-invitation');
  perform private.audit('resend_invitation', null, target.id, jsonb_build_object('email', target.email),
    target.organisation_id);
  return query select l.* from public.organisation_invitation_list l where l.id = target.id;
end;
$$;

create function public.withdraw_invitation(invitation_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.organisation_invitations;
begin
  select * into target from public.organisation_invitations i
  where i.id = invitation_id and i.accepted_at is null and i.declined_at is null and i.withdrawn_at is null;
  perform private.assert_organisation_manager(target.organisation_id);
  update public.organisation_invitations i set withdrawn_at = now() where i.id = target.id;
  update public.email_deliveries d set cancelled_at = now()
  where d.kind = 'organisation_invitation' and d.subject_id = target.id
    and d.delivered_at is null and d.cancelled_at is null;
  perform private.audit('withdraw_invitation', null, target.id, jsonb_build_object('email', target.email),
    target.organisation_id);
end;
$$;

-- Learners ------------------------------------------------------------------------------------------

-- The open invitations to the caller's confirmed address.
create function public.my_invitations()
returns table (id uuid, organisation_id uuid, organisation_name text, role text, expires_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select i.id, i.organisation_id, o.name, i.role, i.expires_at
  from public.organisation_invitations i
  join public.organisations o on o.id = i.organisation_id
  join auth.users u on u.id = (select auth.uid()) and lower(u.email) = i.email
    and u.email_confirmed_at is not null
  where i.accepted_at is null and i.declined_at is null and i.withdrawn_at is null and i.expires_at > now()
  order by i.created_at desc, i.id;
$$;

create function private.open_invitation_for_caller(invitation_id uuid)
returns public.organisation_invitations
language plpgsql stable security definer set search_path = '' as $$
declare
  target public.organisation_invitations;
begin
  select i.* into target from public.organisation_invitations i
  join auth.users u on u.id = auth.uid() and lower(u.email) = i.email and u.email_confirmed_at is not null
  where i.id = invitation_id and i.accepted_at is null and i.declined_at is null
    and i.withdrawn_at is null and i.expires_at > now();
  if not found then
    raise exception 'This invitation is no longer open' using errcode = 'PT404';
  end if;
  return target;
end;
$$;

-- Joining takes the seat the invitation held (a member already keeps theirs). Becoming a manager
-- needs a verified authenticator app first (issue 31): the invitation stays open meanwhile, and
-- the manager loses the role if their last app goes (20261201000100_second_factor_roles.sql).
create function public.accept_invitation(invitation_id uuid)
returns table (organisation_id uuid, organisation_name text, role text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.organisation_invitations := private.open_invitation_for_caller(invitation_id);
  organisation public.organisations;
  joined public.organisation_members;
begin
  if target.role = 'manager' and not private.has_verified_factor(auth.uid()) then
    raise exception 'Managing an organisation needs two-factor sign-in. Set up an authenticator app on your account''s security page, then come back to accept this invitation.'
      using errcode = 'PT428';
  end if;
  select * into organisation from public.organisations o where o.id = target.organisation_id for update;
  select * into joined from public.organisation_members m
  where m.organisation_id = organisation.id and m.user_id = auth.uid() and m.removed_at is null;
  if not found then
    -- The invitation held a seat; if seats were cut since, the members who joined first keep theirs.
    if private.organisation_seats_used(organisation.id) >= organisation.seats then
      raise exception 'Your organisation has no free places left. Please ask your organisation to add more.'
        using errcode = 'PT409';
    end if;
  end if;
  update public.organisation_invitations i set accepted_at = now(), accepted_by = auth.uid()
  where i.id = target.id;
  if joined.id is null then
    insert into public.organisation_members (organisation_id, user_id, role, cohort_id)
    values (organisation.id, auth.uid(), target.role, target.cohort_id);
  elsif target.role = 'manager' and joined.role <> 'manager' then
    update public.organisation_members m set role = 'manager' where m.id = joined.id;
  end if;
  organisation_id := organisation.id;
  organisation_name := organisation.name;
  role := (select m.role from public.organisation_members m
    where m.organisation_id = organisation.id and m.user_id = auth.uid() and m.removed_at is null);
  return next;
end;
$$;

create function public.decline_invitation(invitation_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.organisation_invitations := private.open_invitation_for_caller(invitation_id);
begin
  update public.organisation_invitations i set declined_at = now() where i.id = target.id;
end;
$$;

-- The caller's memberships with their organisation's name and term.
create function public.my_organisations()
returns table (organisation_id uuid, organisation_name text, role text, joined_at timestamptz,
  term_ends_on date)
language sql stable security definer set search_path = '' as $$
  select o.id, o.name, m.role, m.joined_at, o.term_ends_on
  from public.organisation_members m join public.organisations o on o.id = m.organisation_id
  where m.user_id = (select auth.uid()) and m.removed_at is null
  order by o.name, o.id;
$$;

-- What members were assigned, one row per assignment (a module assigned to everyone and to the
-- member's cohort, or by two organisations, is listed for each), with their progress, in
-- organisations in term.
create view public.member_assignment_list with (security_invoker = true) as
  select m.user_id, a.organisation_id, o.name as organisation_name, a.module, a.due_on,
    (case
      when lp.completed_at is not null then 'completed'
      when lp.user_id is not null then 'in_progress'
      else 'not_started'
    end)::public.progress_state as state,
    lp.completed_at
  from public.organisation_members m
  join public.assignments a on a.organisation_id = m.organisation_id and a.withdrawn_at is null
    and (a.cohort_id is null or a.cohort_id = m.cohort_id)
  join public.organisations o on o.id = m.organisation_id
  left join public.learning_progress lp on lp.user_id = m.user_id and lp.module = a.module
  where m.removed_at is null
    and (select private.london_today()) between o.term_starts_on and o.term_ends_on;
revoke all on public.member_assignment_list from public, anon, authenticated, service_role;

-- What the caller's organisations assigned them, soonest due first.
create function public.my_assignments() returns setof public.member_assignment_list
language sql stable security definer set search_path = '' as $$
  select l.* from public.member_assignment_list l
  where l.user_id = (select auth.uid())
  order by l.due_on, l.module, l.organisation_name;
$$;

-- Invitation e-mails ------------------------------------------------------------------------------

-- For the function send-organisation-invitation (service role): what its e-mail says.
create function public.invitation_email(invitation_id uuid)
returns table (email text, name text, organisation_name text, role text, invited_by_name text,
  expires_at timestamptz, has_account boolean)
language sql stable security definer set search_path = '' as $$
  select i.email, coalesce(i.name, ''), o.name, i.role,
    coalesce((select p.name from public.profiles p where p.id = i.invited_by), 'Revolve'),
    i.expires_at,
    exists (select 1 from public.profiles p where lower(p.email) = i.email)
  from public.organisation_invitations i join public.organisations o on o.id = i.organisation_id
  where i.id = invitation_id;
$$;

-- Settles, cancels the e-mails of invitations no longer open, and sends an attempt for each
-- invitation e-mail due.
create function public.send_organisation_emails() returns integer
language plpgsql security definer set search_path = '' as $$
begin
  perform private.settle_email_attempts();
  update public.email_deliveries d set cancelled_at = now()
  where d.kind = 'organisation_invitation' and d.delivered_at is null and d.cancelled_at is null
    and d.request_id is null
    and not exists (select 1 from public.organisation_invitations i
      where i.id = d.subject_id and i.accepted_at is null and i.declined_at is null
        and i.withdrawn_at is null and i.expires_at > now());
  return private.attempt_email_deliveries('organisation_invitation', 'send-organisation-invitation');
end;
$$;

select cron.schedule('send-organisation-emails', '* * * * *', $job$do $$
begin
  perform public.send_organisation_emails();
  commit;
  perform private.assert_email_delivered('organisation_invitation');
end
$$
$job$);

-- Due dates: reminders and the managers' digest ---------------------------------------------------

-- A learner who has not completed an assigned module is reminded twice: 7 days before its due date
-- (from 7 to 2 days before, if the job was not running on the day) and 1 day before (that day or
-- the due day). Each reminder is a row here, made once, with a notification and an e-mail.
create table public.assignment_reminders (
  id uuid primary key default gen_random_uuid(),
  assignment_id uuid not null references public.assignments (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  days_before integer not null check (days_before in (7, 1)),
  due_on date not null,
  created_at timestamptz not null default now(),
  unique (assignment_id, user_id, days_before)
);
create index assignment_reminders_user_idx on public.assignment_reminders (user_id);

-- Each manager of an organisation with overdue completions gets one digest a week, from Monday
-- 08:00 in London; `overdue` is the count when it was made.
create table public.overdue_digests (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  manager_id uuid not null references public.profiles (id) on delete cascade,
  week_of date not null check (extract(isodow from week_of) = 1),
  overdue integer not null check (overdue > 0),
  created_at timestamptz not null default now(),
  unique (organisation_id, manager_id, week_of)
);
create index overdue_digests_manager_idx on public.overdue_digests (manager_id);

alter table public.assignment_reminders enable row level security;
alter table public.overdue_digests enable row level security;
revoke all on public.assignment_reminders, public.overdue_digests
  from public, anon, authenticated, service_role;
grant select on public.assignment_reminders, public.overdue_digests to service_role;

-- Members' assigned modules not completed, in organisations in term: what reminders and digests
-- are about.
create view private.open_assignments as
  select a.member_id, a.organisation_id, a.user_id, a.assignment_id, a.module, a.due_on
  from private.member_assignments a
  join public.organisations o on o.id = a.organisation_id
  where (select private.london_today()) between o.term_starts_on and o.term_ends_on
    and not exists (select 1 from public.learning_progress lp
      where lp.user_id = a.user_id and lp.module = a.module and lp.completed_at is not null);
revoke all on private.open_assignments from public, anon, authenticated, service_role;

-- Makes the reminders and digests that fell due (each once), cancels the e-mails no longer
-- wanted (completed, withdrawn, left), and sends an attempt for each due. Returns the attempts.
-- `as_of` is the moment the due dates and the digest's Monday 08:00 are read against: the job
-- passes nothing (now); the tests pass a Monday morning.
create function public.send_organisation_reminders(as_of timestamptz default now()) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  today date := (as_of at time zone 'Europe/London')::date;
  london_now timestamp := as_of at time zone 'Europe/London';
  monday date := date_trunc('week', as_of at time zone 'Europe/London')::date;
begin
  perform private.settle_email_attempts();

  update public.email_deliveries d set cancelled_at = now()
  where d.kind = 'assignment_reminder' and d.delivered_at is null and d.cancelled_at is null
    and d.request_id is null
    and not exists (select 1 from public.assignment_reminders r
      join private.open_assignments a on a.assignment_id = r.assignment_id and a.user_id = r.user_id
      where r.id = d.subject_id);
  -- A digest whose organisation caught up (or whose manager left) before it went.
  update public.email_deliveries d set cancelled_at = now()
  where d.kind = 'overdue_digest' and d.delivered_at is null and d.cancelled_at is null
    and d.request_id is null
    and not exists (select 1 from public.overdue_digests g
      join public.organisation_members m on m.organisation_id = g.organisation_id
        and m.user_id = g.manager_id and m.role = 'manager' and m.removed_at is null
      join private.open_assignments a on a.organisation_id = g.organisation_id and a.due_on < today
      where g.id = d.subject_id);

  with due as (
    insert into public.assignment_reminders (assignment_id, user_id, days_before, due_on)
    select a.assignment_id, a.user_id, case when a.due_on - today <= 1 then 1 else 7 end, a.due_on
    from private.open_assignments a
    where a.due_on - today between 0 and 7
    on conflict (assignment_id, user_id, days_before) do nothing
    returning id, user_id, assignment_id, due_on
  ), queued as (
    insert into public.email_deliveries (kind, subject_id, user_id)
    select 'assignment_reminder', due.id, due.user_id from due
    returning subject_id
  )
  insert into public.notifications (user_id, title, message, type)
  select due.user_id, left(format('%s is due on %s', m.title,
      to_char(due.due_on, 'FMDD FMMonth YYYY')), 200),
    'Your organisation assigned you this module. Open your dashboard to start or continue it.', 'info'
  from due
  join public.assignments a on a.id = due.assignment_id
  join public.learning_modules m on m.slug = a.module;

  if london_now >= monday + time '08:00' then
    insert into public.overdue_digests (organisation_id, manager_id, week_of, overdue)
    select o.organisation_id, m.user_id, monday, o.overdue
    from (
      select a.organisation_id, count(*)::integer as overdue from private.open_assignments a
      where a.due_on < today group by a.organisation_id
    ) o
    join public.organisation_members m on m.organisation_id = o.organisation_id
      and m.role = 'manager' and m.removed_at is null
    on conflict (organisation_id, manager_id, week_of) do nothing;
    insert into public.email_deliveries (kind, subject_id, user_id)
    select 'overdue_digest', g.id, g.manager_id from public.overdue_digests g
    where g.week_of = monday
    on conflict (kind, subject_id) do nothing;
  end if;

  return private.attempt_email_deliveries('assignment_reminder', 'send-assignment-reminder')
    + private.attempt_email_deliveries('overdue_digest', 'send-overdue-digest');
end;
$$;

-- For the function send-assignment-reminder (service role): what its e-mail says.
create function public.assignment_reminder_email(reminder_id uuid)
returns table (email text, name text, module text, module_title text, due_on date,
  organisation_name text, days_before integer)
language sql stable security definer set search_path = '' as $$
  select p.email, p.name, a.module, m.title, r.due_on, o.name, r.days_before
  from public.assignment_reminders r
  join public.profiles p on p.id = r.user_id
  join public.assignments a on a.id = r.assignment_id
  join public.learning_modules m on m.slug = a.module
  join public.organisations o on o.id = a.organisation_id
  where r.id = reminder_id;
$$;

-- For the function send-overdue-digest (service role): the digest's manager and organisation, and
-- the overdue completions as they are when the e-mail is sent (none left: nothing to send).
create function public.overdue_digest_email(digest_id uuid)
returns table (email text, manager_name text, organisation_name text, member_name text,
  member_email text, module_title text, due_on date)
language sql stable security definer set search_path = '' as $$
  select manager.email, manager.name, o.name, member.name, member.email, m.title, a.due_on
  from public.overdue_digests g
  join public.profiles manager on manager.id = g.manager_id
  join public.organisations o on o.id = g.organisation_id
  join private.open_assignments a on a.organisation_id = g.organisation_id and a.due_on < private.london_today()
  join public.profiles member on member.id = a.user_id
  join public.learning_modules m on m.slug = a.module
  where g.id = digest_id
  order by a.due_on, member.name, m.title;
$$;

select cron.schedule('send-organisation-reminders', '0 * * * *', $job$do $$
begin
  perform public.send_organisation_reminders();
  commit;
  perform private.assert_email_delivered('assignment_reminder');
  perform private.assert_email_delivered('overdue_digest');
end
$$
$job$);

-- Grants ----------------------------------------------------------------------------------------------

revoke all on function private.may_open_module(uuid, text), private.organisation_seats_taken(uuid),
  private.join_organisation(uuid, uuid),
  private.check_organisation(text, text, integer, date, date), private.check_cohort_name(text),
  private.send_invitation(public.organisation_invitations),
  private.open_invitation_for_caller(uuid),
  public.create_organisation(text, text, integer, date, date),
  public.update_organisation(uuid, text, text, integer, date, date), public.admin_organisations(),
  public.my_managed_organisations(), public.organisation_overview(uuid),
  public.organisation_members(uuid), public.remove_organisation_member(uuid),
  public.set_member_cohort(uuid, uuid), public.organisation_cohorts(uuid),
  public.create_cohort(uuid, text), public.rename_cohort(uuid, text), public.delete_cohort(uuid),
  public.organisation_assignments(uuid), public.assign_module(uuid, text, date, uuid),
  public.withdraw_assignment(uuid), public.organisation_progress(uuid, uuid[]),
  public.organisation_invitations(uuid), public.invite_organisation_members(uuid, jsonb, text),
  public.resend_invitation(uuid), public.withdraw_invitation(uuid), public.my_invitations(),
  public.accept_invitation(uuid), public.decline_invitation(uuid), public.my_organisations(),
  public.my_assignments(), public.invitation_email(uuid), public.send_organisation_emails(),
  public.send_organisation_reminders(timestamptz), public.assignment_reminder_email(uuid),
  public.overdue_digest_email(uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.create_organisation(text, text, integer, date, date),
  public.update_organisation(uuid, text, text, integer, date, date), public.admin_organisations(),
  public.my_managed_organisations(), public.organisation_overview(uuid),
  public.organisation_members(uuid), public.remove_organisation_member(uuid),
  public.set_member_cohort(uuid, uuid), public.organisation_cohorts(uuid),
  public.create_cohort(uuid, text), public.rename_cohort(uuid, text), public.delete_cohort(uuid),
  public.organisation_assignments(uuid), public.assign_module(uuid, text, date, uuid),
  public.withdraw_assignment(uuid), public.organisation_progress(uuid, uuid[]),
  public.organisation_invitations(uuid), public.invite_organisation_members(uuid, jsonb, text),
  public.resend_invitation(uuid), public.withdraw_invitation(uuid), public.my_invitations(),
  public.accept_invitation(uuid), public.decline_invitation(uuid), public.my_organisations(),
  public.my_assignments()
  to authenticated, service_role;
grant execute on function public.invitation_email(uuid), public.send_organisation_emails(),
  public.send_organisation_reminders(timestamptz), public.assignment_reminder_email(uuid),
  public.overdue_digest_email(uuid)
  to service_role;
