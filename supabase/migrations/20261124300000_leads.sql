-- Interest registered on /book-demo (DESIGN.md section 6): stored so that it reaches someone.
-- Visitors never touch this table: the `submit-lead` edge function files a lead through
-- submit_lead() with the service role, and admins read leads and set their status.

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
  updated_at timestamptz not null default now()
);

create index leads_created_at_idx on public.leads (created_at desc);
create index leads_client_key_idx on public.leads (client_key, created_at desc);

alter table public.leads enable row level security;

revoke all on public.leads from public, anon, authenticated, service_role;
create policy "admins read leads" on public.leads
  for select to authenticated using ((select private.is_admin()));
grant select (id, first_name, last_name, email, subject, message, status, note, created_at, updated_at)
  on public.leads to authenticated;
grant select, insert, update, delete on public.leads to service_role;

-- Files a lead unless its address already filed `per_hour` this hour. The count and the insert
-- run under one lock per address, so parallel submissions cannot slip past the limit.
create function public.submit_lead(
  first_name text, last_name text, email text, subject text, message text, client_key text
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  per_hour constant integer := 5;
  filed uuid;
begin
  perform pg_advisory_xact_lock(hashtextextended('lead:' || coalesce(client_key, ''), 0));
  if (select count(*) from public.leads l
      where l.client_key = submit_lead.client_key and l.created_at > now() - interval '1 hour') >= per_hour then
    raise exception 'Too many submissions. Please try again later.' using errcode = 'PT429';
  end if;
  insert into public.leads (first_name, last_name, email, subject, message, client_key)
  values (trim(first_name), trim(last_name), lower(trim(email)), trim(subject), trim(message), client_key)
  returning id into filed;
  return filed;
end;
$$;

-- An admin follows a lead up: new -> contacted -> closed (any order), with a note.
create function public.update_lead(lead_id uuid, status text, note text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  updated public.leads;
begin
  perform private.assert_admin();
  if status is null or status not in ('new', 'contacted', 'closed') then
    raise exception 'Status must be new, contacted or closed' using errcode = 'PT400';
  end if;
  if char_length(coalesce(note, '')) > 2000 then
    raise exception 'Note must be at most 2000 characters' using errcode = 'PT400';
  end if;
  update public.leads l
  set status = update_lead.status, note = coalesce(trim(update_lead.note), l.note), updated_at = now()
  where l.id = lead_id
  returning * into updated;
  if updated.id is null then
    raise exception 'Lead not found' using errcode = 'PT404';
  end if;
  return to_jsonb(updated) - 'client_key';
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
