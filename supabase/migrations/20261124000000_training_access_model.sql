-- The training access model (DESIGN.md section 6):
--   * the trial passwords unlock a module only while the caller's trial is active, and say why not
--     otherwise (pending, ended, never had one) without counting that as a wrong guess;
--   * customers get organisation access codes, issued by admins: stored as a hash and shown once,
--     with an optional expiry, seat limit (distinct users) and module subset, revocable; a code
--     belongs to an organisation (20261123000000), and using it makes the user a member;
--   * module_unlocks records which grant opened each module;
--   * the attempt limit holds under concurrency.

-- The nine modules with an unlock gate (src/content/modules.ts; supabase/tests/catalogue.test.ts
-- keeps the two in step, and the access_codes check below names the same nine).
create function private.training_module_slugs() returns text[]
language sql immutable set search_path = '' as $$
  select array['dementia', 'home-visits', 'womens-health', 'social-justice', 'chronic-pain',
    'advanced-dementia', 'conflict-resolution', 'group-menopause', 'group-diabetes']::text[];
$$;

-- Access codes -----------------------------------------------------------------------------------

-- A code is matched by the SHA-256 of its normalised form, without a salt or a slow hash: codes are
-- generated here, 12 random characters from a 31-symbol alphabet (about 59.5 bits), so no
-- dictionary or rainbow table covers them, and online guessing is held to ten wrong answers per
-- user per ten minutes by unlock_module. A salt would also make the lookup a scan that runs a slow
-- hash per row; the unsalted hash is an indexed equality. (Passwords people choose are another
-- matter: those stay bcrypt.)
create table public.access_codes (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references public.organisations (id) on delete restrict,
  code_hash text not null unique check (code_hash ~ '^[0-9a-f]{64}$'),
  -- The last four characters, so admins can tell codes apart in the list.
  code_hint text not null check (code_hint ~ '^[A-Z0-9]{4}$'),
  expires_at timestamptz,
  seat_limit integer check (seat_limit between 1 and 100000),
  -- null: all nine modules; otherwise a non-empty subset of them.
  module_slugs text[] check (
    module_slugs is null or (
      cardinality(module_slugs) > 0
      and module_slugs <@ array['dementia', 'home-visits', 'womens-health', 'social-justice',
        'chronic-pain', 'advanced-dementia', 'conflict-resolution', 'group-menopause',
        'group-diabetes']::text[]
    )
  ),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index access_codes_created_at_idx on public.access_codes (created_at desc);
create index access_codes_organisation_idx on public.access_codes (organisation_id);
-- Deleting an account sets this null: without the index, a scan of codes per account deleted.
create index access_codes_created_by_idx on public.access_codes (created_by);

-- Admins reach codes only through the functions below; the service role (operators) reads and
-- writes the table directly.
alter table public.access_codes enable row level security;
revoke all on public.access_codes from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.access_codes to service_role;

-- Which grant opened a module. A seat of a code is a distinct user holding an unlock made with it.
alter table public.module_unlocks
  add column access_code_id uuid references public.access_codes (id) on delete restrict,
  add column grant_kind text not null default 'trial' check (grant_kind in ('trial', 'access_code')),
  add constraint module_unlocks_grant_names_its_code
    check ((grant_kind = 'access_code') = (access_code_id is not null));
create index module_unlocks_access_code_idx on public.module_unlocks (access_code_id, user_id)
  where access_code_id is not null;

-- Signed-in users keep only what "Start Training" needs (a trial module, by the insert policy); the
-- new columns take their defaults (a trial grant, no code) and cannot be set.
revoke all on public.module_unlocks from public, anon, authenticated, service_role;
grant select on public.module_unlocks to authenticated;
grant insert (user_id, module_name) on public.module_unlocks to authenticated;
grant select, insert, update, delete on public.module_unlocks to service_role;

-- Uppercase, and everything but A-Z and 0-9 dropped: 'abcd efgh-jkmn' is ABCD-EFGH-JKMN.
create function private.normalised_access_code(input text) returns text
language sql immutable set search_path = '' as $$
  select regexp_replace(upper(coalesce(input, '')), '[^A-Z0-9]', '', 'g');
$$;

create function private.access_code_hash(input text) returns text
language sql immutable set search_path = '' as $$
  select encode(sha256(convert_to(private.normalised_access_code(input), 'UTF8')), 'hex');
$$;

-- XXXX-XXXX-XXXX from an alphabet without 0, O, 1, I and L, which read alike. Bytes of 248 and over
-- are drawn again, so each of the 31 symbols is equally likely.
create function private.new_access_code() returns text
language plpgsql volatile set search_path = '' as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  symbols constant integer := char_length(alphabet);
  drawn bytea;
  code text := '';
begin
  while char_length(code) < 12 loop
    drawn := extensions.gen_random_bytes(16);
    for i in 0 .. length(drawn) - 1 loop
      if get_byte(drawn, i) < 256 - 256 % symbols and char_length(code) < 12 then
        code := code || substr(alphabet, get_byte(drawn, i) % symbols + 1, 1);
      end if;
    end loop;
  end loop;
  return substr(code, 1, 4) || '-' || substr(code, 5, 4) || '-' || substr(code, 9, 4);
end;
$$;

-- Distinct users holding an unlock made with the code.
create function private.access_code_seats_used(code_id uuid) returns integer
language sql stable set search_path = '' as $$
  select count(distinct user_id)::integer from public.module_unlocks where access_code_id = code_id;
$$;

-- A code as the admin list shows it, without its hash. Admins read it only through the functions
-- below (which run as their owner); no API role is granted the view. A code is revoked, else
-- expired, else full, else active. The computed columns are cast to not-null domains, so that the
-- generated types know they always have a value.
create domain public.access_code_status as text not null
  check (value in ('active', 'expired', 'full', 'revoked'));
create domain public.seat_count as integer not null check (value >= 0);
create view public.admin_access_code_list with (security_invoker = true) as
  select c.id, c.organisation_id, o.name as organisation, c.code_hint, c.expires_at, c.seat_limit,
    private.access_code_seats_used(c.id)::public.seat_count as seats_used, c.module_slugs,
    c.created_at, creator.email::text as created_by_email, c.revoked_at,
    (case
      when c.revoked_at is not null then 'revoked'
      when c.expires_at is not null and c.expires_at <= now() then 'expired'
      when c.seat_limit is not null and private.access_code_seats_used(c.id) >= c.seat_limit
        then 'full'
      else 'active'
    end)::public.access_code_status as status
  from public.access_codes c
  join public.organisations o on o.id = c.organisation_id
  left join auth.users creator on creator.id = c.created_by;
revoke all on public.admin_access_code_list from public, anon, authenticated, service_role;

-- Admins issue a code; its plain value exists only in this answer, beside the code as listed.
create function public.create_access_code(
  organisation_id uuid,
  expires_at timestamptz default null,
  seat_limit integer default null,
  module_slugs text[] default null
) returns table (code text, access_code public.admin_access_code_list)
language plpgsql volatile security definer set search_path = '' as $$
declare
  modules text[];
  unknown text;
  plain_code text;
  issued public.access_codes;
begin
  perform private.assert_admin();
  if not exists (select 1 from public.organisations o where o.id = create_access_code.organisation_id) then
    raise exception 'Choose an organisation' using errcode = '22023';
  end if;
  if create_access_code.expires_at is not null and create_access_code.expires_at <= now() then
    raise exception 'Expiry must be in the future' using errcode = '22023';
  end if;
  if create_access_code.seat_limit is not null
     and create_access_code.seat_limit not between 1 and 100000 then
    raise exception 'Seat limit must be a whole number from 1 to 100000' using errcode = '22023';
  end if;
  if create_access_code.module_slugs is not null then
    if cardinality(create_access_code.module_slugs) = 0 then
      raise exception 'Choose at least one training module, or none for all of them'
        using errcode = '22023';
    end if;
    select coalesce(slug, '(blank)') into unknown
    from unnest(create_access_code.module_slugs) as requested (slug)
    where slug is null or not (slug = any (private.training_module_slugs()))
    limit 1;
    if found then
      raise exception 'Unknown training module: %', unknown using errcode = '22023';
    end if;
    -- Each module once, in the catalogue's order.
    modules := array(
      select slug from unnest(private.training_module_slugs()) with ordinality as catalogue (slug, place)
      where slug = any (create_access_code.module_slugs)
      order by place
    );
  end if;

  loop
    plain_code := private.new_access_code();
    -- A repeat of an existing code is astronomically unlikely, but would make both ambiguous.
    exit when not exists (
      select 1 from public.access_codes where code_hash = private.access_code_hash(plain_code)
    );
  end loop;
  insert into public.access_codes (organisation_id, code_hash, code_hint, expires_at, seat_limit, module_slugs, created_by)
  values (create_access_code.organisation_id, private.access_code_hash(plain_code), right(private.normalised_access_code(plain_code), 4),
    create_access_code.expires_at, create_access_code.seat_limit, modules, auth.uid())
  returning * into issued;
  return query select plain_code, l from public.admin_access_code_list l where l.id = issued.id;
end;
$$;

-- Revoking is final: the code stops unlocking at once; modules already unlocked stay recorded.
create function public.revoke_access_code(code_id uuid) returns setof public.admin_access_code_list
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.access_codes;
begin
  perform private.assert_admin();
  select * into target from public.access_codes where id = code_id for update;
  if not found then
    raise exception 'Access code not found' using errcode = 'PT404';
  end if;
  if target.revoked_at is not null then
    raise exception 'This access code is already revoked' using errcode = 'PT409';
  end if;
  update public.access_codes set revoked_at = now() where id = code_id;
  return query select l.* from public.admin_access_code_list l where l.id = code_id;
end;
$$;

-- The admin list, newest first.
create function public.admin_access_codes() returns setof public.admin_access_code_list
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_admin();
  return query select l.* from public.admin_access_code_list l order by l.created_at desc, l.id;
end;
$$;

-- The module gate ---------------------------------------------------------------------------------

create table private.unlock_attempts (
  user_id uuid not null,
  attempted_at timestamptz not null default now(),
  -- A surrogate key: no column or pair of columns identifies an attempt (a test, or an operator
  -- clearing a lock-out, may give several the same time). An identity is drawn outside the
  -- transaction, so the per-user lock in unlock_module() is all that orders parallel guesses.
  id bigint generated always as identity primary key
);
create index unlock_attempts_user_idx on private.unlock_attempts (user_id, attempted_at desc);
revoke all on sequence private.unlock_attempts_id_seq from public, anon, authenticated, service_role;

-- Trimmed input; an access code (any case, with or without its dashes) or one of the two trial
-- passwords (lowercased, compared with their bcrypt hashes). Only an answer that matches nothing is
-- a wrong guess: a trial password at the wrong time, or a real code that cannot open this module,
-- is answered with the reason and not counted. Wrong guesses are answers, not errors, so that the
-- count survives the call; the count and the check run under a lock per user, so parallel guesses
-- cannot all see the same count and slip past the limit.
create function public.unlock_module(slug text, password text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
  module text := btrim(slug);
  answer text := btrim(coalesce(password, ''));
  code public.access_codes;
  kind text;
  latest_request text;
  unlocked public.module_unlocks;
begin
  if uid is null then
    raise exception 'Please log in to access training' using errcode = '42501';
  end if;
  if module is null or not (module = any (private.training_module_slugs())) then
    raise exception 'Unknown training module' using errcode = 'PT404';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('unlock_module:' || uid::text, 0));
  delete from private.unlock_attempts
  where user_id = uid and attempted_at <= now() - interval '10 minutes';
  if (select count(*) from private.unlock_attempts where user_id = uid) >= 10 then
    raise exception 'Too many attempts. Please wait a few minutes and try again.' using errcode = 'PT429';
  end if;

  select * into code from public.access_codes where code_hash = private.access_code_hash(answer);
  if found then
    -- Locked so that two people racing for a code's last seat cannot both take it.
    select * into code from public.access_codes where id = code.id for update;
    if code.revoked_at is not null then
      return jsonb_build_object('unlocked', false, 'reason', 'code_revoked',
        'message', 'This access code is no longer valid. Please ask your organisation for a new one.');
    end if;
    if code.expires_at is not null and code.expires_at <= now() then
      return jsonb_build_object('unlocked', false, 'reason', 'code_expired',
        'message', 'This access code has expired. Please ask your organisation for a new one.');
    end if;
    if code.module_slugs is not null and not (module = any (code.module_slugs)) then
      return jsonb_build_object('unlocked', false, 'reason', 'code_module',
        'message', 'This access code does not include this module.');
    end if;
    -- Someone who already holds a seat keeps it for the code's other modules.
    if code.seat_limit is not null
      and not exists (select 1 from public.module_unlocks where access_code_id = code.id and user_id = uid)
      and private.access_code_seats_used(code.id) >= code.seat_limit then
      return jsonb_build_object('unlocked', false, 'reason', 'code_full',
        'message', 'This access code has no free places left. Please ask your organisation to add more.');
    end if;
    -- A code opens modules through its organisation: the user becomes (or stays) a member, which
    -- takes one of its seats. A member a manager removed is not let back in by the code.
    if not private.organisation_in_term(code.organisation_id) then
      return jsonb_build_object('unlocked', false, 'reason', 'organisation_term',
        'message', 'Your organisation''s access is not active at the moment. Please ask your organisation.');
    end if;
    if not exists (select 1 from public.organisation_members m
        where m.organisation_id = code.organisation_id and m.user_id = uid and m.removed_at is null)
      and exists (select 1 from public.organisation_members m
        where m.organisation_id = code.organisation_id and m.user_id = uid) then
      return jsonb_build_object('unlocked', false, 'reason', 'organisation_removed',
        'message', 'Your organisation has removed you from its members. Please ask your manager to invite you again.');
    end if;
    if private.join_organisation(code.organisation_id, uid) is null then
      return jsonb_build_object('unlocked', false, 'reason', 'organisation_full',
        'message', 'Your organisation has no free places left. Please ask your organisation to add more.');
    end if;
    kind := 'access_code';
  elsif exists (
    select 1 from private.module_passwords
    where password_hash = extensions.crypt(lower(answer), password_hash)
  ) then
    if not private.has_active_trial(uid) then
      select status into latest_request from public.pending_trials
      where user_id = uid order by submitted_at desc limit 1;
      if latest_request = 'pending' then
        return jsonb_build_object('unlocked', false, 'reason', 'trial_pending',
          'message', 'Your trial is awaiting approval. You can unlock modules once it is active.');
      end if;
      -- A lapsed trial the expiry job has not moved yet has ended too.
      if exists (select 1 from public.expired_trials where user_id = uid)
        or exists (select 1 from public.active_trial_users where user_id = uid) then
        return jsonb_build_object('unlocked', false, 'reason', 'trial_ended',
          'message', 'Your trial has ended. Please contact us for continued access.');
      end if;
      return jsonb_build_object('unlocked', false, 'reason', 'no_trial',
        'message', 'This password works during an active trial. Request a free trial, or enter your organisation''s access code.');
    end if;
    kind := 'trial';
  else
    insert into private.unlock_attempts (user_id) values (uid);
    return jsonb_build_object('unlocked', false, 'reason', 'incorrect',
      'message', 'Incorrect password. Please try again.');
  end if;

  -- A repeat unlock keeps its first date and records the grant used this time.
  insert into public.module_unlocks (user_id, module_name, grant_kind, access_code_id)
  values (uid, module, kind, case when kind = 'access_code' then code.id end)
  on conflict (user_id, module_name) do update
    set grant_kind = excluded.grant_kind, access_code_id = excluded.access_code_id
  returning * into unlocked;
  return jsonb_build_object('unlocked', true, 'grant', kind, 'unlock', to_jsonb(unlocked));
end;
$$;

-- Grants: revoke everything the new functions were given, then grant exactly (see 20261121000100).
revoke all on function private.training_module_slugs(), private.normalised_access_code(text),
  private.access_code_hash(text), private.new_access_code(), private.access_code_seats_used(uuid)
  from public, anon, authenticated, service_role;
revoke all on function public.create_access_code(uuid, timestamptz, integer, text[]),
  public.revoke_access_code(uuid), public.admin_access_codes(), public.unlock_module(text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.create_access_code(uuid, timestamptz, integer, text[]),
  public.revoke_access_code(uuid), public.admin_access_codes(), public.unlock_module(text, text)
  to authenticated, service_role;
