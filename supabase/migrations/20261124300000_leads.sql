-- Interest registered on /book-demo (DESIGN.md section 6): stored so that it reaches someone.
-- Visitors never touch this table: the `submit-lead` edge function files a lead through
-- submit_lead() with the service role, and admins read leads and set their status.

create extension if not exists pg_trgm with schema extensions;

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (char_length(first_name) between 1 and 100),
  last_name text not null check (char_length(last_name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 255),
  subject text not null check (char_length(subject) between 1 and 200),
  message text not null check (char_length(message) between 1 and 5000),
  status text not null default 'new' check (status in ('new', 'contacted', 'closed')),
  note text not null default '' check (char_length(note) <= 2000),
  -- A hash of the submitter's address: enough to limit submissions per address, not to trace one.
  client_key text not null check (client_key ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- /admin/leads searches for a part of a name, e-mail or subject (ILIKE '%...%'). One column
  -- holding all four is matched once per row instead of four times, can match a full name, and has
  -- a trigram index, which a b-tree cannot be for such a pattern, for when leads are many.
  search_text text not null
    generated always as (first_name || ' ' || last_name || ' ' || email || ' ' || subject) stored
);

create index leads_created_at_idx on public.leads (created_at desc);
create index leads_client_key_idx on public.leads (client_key, created_at desc);
create index leads_email_idx on public.leads (email, created_at desc);
create index leads_search_text_trgm_idx on public.leads using gin (search_text extensions.gin_trgm_ops);

alter table public.leads enable row level security;

revoke all on public.leads from public, anon, authenticated, service_role;
create policy "admins read leads" on public.leads
  for select to authenticated using ((select private.is_admin()));
grant select (id, first_name, last_name, email, subject, message, status, note, created_at, updated_at,
  search_text)
  on public.leads to authenticated;
grant select, insert, update, delete on public.leads to service_role;

-- A lead as admins read it, one shape for the list, its search and update_lead's answer: the
-- columns granted above, as the caller (row level security: admins only).
create view public.admin_leads with (security_invoker = true) as
  select l.id, l.first_name, l.last_name, l.email, l.subject, l.message, l.status, l.note,
    l.created_at, l.updated_at
  from public.leads l;
revoke all on public.admin_leads from public, anon, authenticated, service_role;
grant select on public.admin_leads to authenticated;

-- Files a lead, or answers which hourly limit it met: 'filed', 'visitor' (5 from one visitor:
-- client_key is an HMAC of their address, which submit-lead computes), 'email' (3 for one e-mail
-- address, however many visitors send them) or 'site' (100 in all: a flood from many addresses).
-- Each count and its insert run under a lock, so parallel submissions cannot slip past a limit.
-- The first lead the site-wide limit turns away in an hour tells every admin (a notification),
-- since real visitors are being turned away too. A limit answers, it does not raise: the
-- notification must outlive the refusal.
create function public.submit_lead(
  first_name text, last_name text, email text, subject text, message text, client_key text
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  per_visitor constant integer := 5;
  per_email constant integer := 3;
  site_wide constant integer := 100;
  address text := lower(trim(submit_lead.email));
  paused_title constant text := 'Lead form limit reached';
begin
  -- One lock for the whole site: the site-wide count is only exact one submission at a time, and
  -- a lead is filed in milliseconds.
  perform pg_advisory_xact_lock(hashtextextended('lead:site', 0));
  if (select count(*) from public.leads l
      where l.client_key = submit_lead.client_key and l.created_at > now() - interval '1 hour') >= per_visitor then
    return 'visitor';
  end if;
  if (select count(*) from public.leads l
      where l.email = address and l.created_at > now() - interval '1 hour') >= per_email then
    return 'email';
  end if;
  if (select count(*) from public.leads l where l.created_at > now() - interval '1 hour') >= site_wide then
    insert into public.notifications (user_id, title, message, type)
    select r.user_id, paused_title,
      format('More than %s leads came in within an hour, so the form on /book-demo is turning visitors away until the hour has passed. Check /admin/leads for a flood of automated submissions.', site_wide),
      'error'
    from public.user_roles r
    where r.role = 'admin'
      and not exists (select 1 from public.notifications n
        where n.user_id = r.user_id and n.title = paused_title and n.created_at > now() - interval '1 hour');
    return 'site';
  end if;
  insert into public.leads (first_name, last_name, email, subject, message, client_key)
  values (trim(first_name), trim(last_name), address, trim(subject), trim(message), client_key);
  return 'filed';
end;
$$;

-- An admin follows a lead up: new -> contacted -> closed (any order), with a note. The answer is the
-- lead as admins read it.
create function public.update_lead(lead_id uuid, new_status text, new_note text default null)
returns setof public.admin_leads
language plpgsql security definer set search_path = '' as $$
declare
  updated public.leads;
begin
  perform private.assert_admin();
  if new_status is null or new_status not in ('new', 'contacted', 'closed') then
    raise exception 'Status must be new, contacted or closed' using errcode = 'PT400';
  end if;
  if char_length(coalesce(new_note, '')) > 2000 then
    raise exception 'Note must be at most 2000 characters' using errcode = 'PT400';
  end if;
  update public.leads l
  set status = new_status, note = coalesce(trim(new_note), l.note), updated_at = now()
  where l.id = lead_id
  returning * into updated;
  if updated.id is null then
    raise exception 'Lead not found' using errcode = 'PT404';
  end if;
  return query select v.* from public.admin_leads v where v.id = updated.id;
end;
$$;

revoke all on function public.submit_lead(text, text, text, text, text, text), public.update_lead(uuid, text, text)
  from public, anon, authenticated, service_role;
grant execute on function public.submit_lead(text, text, text, text, text, text) to service_role;
grant execute on function public.update_lead(uuid, text, text) to authenticated, service_role;

-- Following a lead up is an admin action: recorded in the audit log in the same transaction.
create function private.audit_lead_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.audit('update_lead', null, new.id, jsonb_build_object(
    'email', new.email, 'status', new.status, 'previous_status', old.status, 'note', new.note));
  return null;
end;
$$;
create trigger audit_lead_update after update of status, note on public.leads
  for each row when ((old.status, old.note) is distinct from (new.status, new.note) and private.audited_caller())
  execute function private.audit_lead_update();
revoke all on function private.audit_lead_update() from public, anon, authenticated, service_role;
