-- CPD certificates (DESIGN.md section 7; docs/certificates.md): completing a module earns the
-- learner a certificate of its verified minutes, which anyone they show it to can check by its code.
--
--   * public.certificates: one row per completion, issued by a trigger when a registration's
--     progress (public.learning_progress) is first completed, in the statement's transaction: the
--     minutes are the unique time watched, capped at the module's length, in whole minutes, and
--     follow the learner's further watching in that registration while the certificate is valid.
--     At most one valid certificate per learner and module; a completion after a revocation
--     issues a new one. Learners read their own and write only their reflection (through
--     save_certificate_reflection); admins at aal2 read all and revoke with a reason (audited).
--   * The learner is told twice: a notification, and an e-mail (public.email_deliveries, kind
--     'certificate_issued') that the job send-certificate-emails sends through pg_net and the
--     send-certificate-email function, retried and visible as failed exactly as trial reminders
--     are (20261124400000_trial_reminders.sql explains the machinery).
--   * 'Send to my portfolio': public.send_certificate_to_portfolio(certificate, address) records a
--     send (public.certificate_portfolio_sends; five an hour per learner) and its e-mail (kind
--     'certificate_portfolio'): the learning note in the body and the certificate's PDF attached,
--     made and sent by the send-certificate-to-portfolio function, retried and visible as the
--     certificate e-mails are. public.my_portfolio_sends() tells the learner how each one went.
--   * public.verify_certificate(code): the public check, callable without signing in. It answers
--     the holder's name, the module, the completion date, the minutes and the status, nothing else
--     ('withdrawn' alone once the holder deleted their account),
--     and counts each client's checks (60 a minute, and 1,200 a minute for everyone together): the
--     codes are 60 random bits, so guessing is hopeless anyway, and the limit keeps it so.

create table public.certificates (
  id uuid primary key default gen_random_uuid(),
  -- 12 characters of 32 that cannot be misread (no 0, 1, I or O): 60 random bits. Shown as
  -- XXXX-XXXX-XXXX; the verification accepts it with or without the hyphens, in any case.
  code text not null unique check (code ~ '^[2-9A-HJ-NP-Z]{12}$'),
  user_id uuid not null references public.profiles (id) on delete cascade,
  module text not null references public.learning_modules (slug),
  registration uuid not null references public.learning_progress (registration) on delete cascade,
  completed_at timestamptz not null,
  verified_minutes integer not null check (verified_minutes between 0 and 1440),
  issued_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_reason text check (char_length(revoked_reason) between 1 and 500),
  revoked_by uuid,
  -- The RCGP learning note: what I learned, how I will apply it, what I will do next. All three or
  -- none; CPD credits count only with one.
  reflection_learned text check (char_length(reflection_learned) between 1 and 2000),
  reflection_application text check (char_length(reflection_application) between 1 and 2000),
  reflection_next_steps text check (char_length(reflection_next_steps) between 1 and 2000),
  reflected_at timestamptz,
  check ((revoked_at is null) = (revoked_reason is null)),
  check (num_nulls(reflection_learned, reflection_application, reflection_next_steps, reflected_at)
    in (0, 4))
);
create unique index certificates_one_valid_idx on public.certificates (user_id, module)
  where revoked_at is null;
create index certificates_user_idx on public.certificates (user_id, issued_at desc);
create index certificates_issued_idx on public.certificates (issued_at desc, id desc);
create index certificates_registration_idx on public.certificates (registration);
create index certificates_module_idx on public.certificates (module);

alter table public.certificates enable row level security;
revoke all on public.certificates from public, anon, authenticated, service_role;
create policy "Learners read their own certificates" on public.certificates
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read every certificate" on public.certificates
  for select to authenticated using ((select private.is_admin()));
-- Every column but who revoked it (the audit log names the admin). Written only by the functions
-- below.
grant select (id, code, user_id, module, registration, completed_at, verified_minutes, issued_at,
  revoked_at, revoked_reason, reflection_learned, reflection_application, reflection_next_steps,
  reflected_at) on public.certificates to authenticated;
grant select on public.certificates to service_role;

-- /admin/certificates as the other admin lists are read at scale (20261127000200 says why): the
-- learner's name and e-mail beside each row instead of an embed joined row by row, and a search
-- by part of the e-mail through a function the profiles' trigram index can serve.
create view public.admin_certificates with (security_invoker = true) as
  select c.id, c.code, c.user_id, c.module, c.completed_at, c.verified_minutes, c.issued_at,
    c.revoked_at, c.revoked_reason, p.name as profile_name, p.email as profile_email
  from public.certificates c
  left join public.profiles p on p.id = c.user_id;
revoke all on public.admin_certificates from public, anon, authenticated, service_role;
grant select on public.admin_certificates to authenticated;

create function public.admin_search_certificates(pattern text)
returns setof public.admin_certificates
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_custom_plan as $$
begin
  perform private.assert_admin();
  return query select c.* from public.admin_certificates c where c.profile_email ilike pattern;
end;
$$;

-- A new verification code: each of 12 random bytes picks one of the 32 characters (256 is a
-- multiple of 32, so every character is equally likely).
create function private.new_certificate_code() returns text
language sql volatile set search_path = '' as $$
  select string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (get_byte(bytes, i) % 32) + 1, 1), ''
    order by i)
  from extensions.gen_random_bytes(12) as bytes, generate_series(0, 11) as i;
$$;

-- Issues the certificate of a completed registration, with the learner's notification. A learner
-- who already holds a valid certificate for the module gets no second one.
create function private.issue_certificate() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  chosen public.learning_modules;
  issued public.certificates;
begin
  select * into chosen from public.learning_modules m where m.slug = new.module;
  insert into public.certificates (code, user_id, module, registration, completed_at,
    verified_minutes)
  values (private.new_certificate_code(), new.user_id, new.module, new.registration,
    new.completed_at, least(new.seconds_watched, chosen.length_seconds) / 60)
  on conflict (user_id, module) where revoked_at is null do nothing
  returning * into issued;
  if issued.id is not null then
    insert into public.notifications (user_id, title, message, type)
    values (new.user_id, 'Certificate ready', format(
      'Your CPD certificate for %s is ready. Add a reflection to count it towards your CPD credits.',
      chosen.title), 'success');
    insert into public.email_deliveries (kind, subject_id, user_id)
    values ('certificate_issued', issued.id, new.user_id);
  end if;
  return null;
end;
$$;
create trigger issue_certificate_on_completion after update of completed_at
  on public.learning_progress
  for each row when (old.completed_at is null and new.completed_at is not null)
  execute function private.issue_certificate();

-- A valid certificate's minutes follow the learner's further watching in its registration (a module
-- completes at 90 % of its length, and most learners watch on to the end), up to the module's length.
create function private.update_certificate_minutes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.certificates c
  set verified_minutes = least(new.seconds_watched, m.length_seconds) / 60
  from public.learning_modules m
  where c.registration = new.registration and c.revoked_at is null and m.slug = new.module
    and c.verified_minutes < least(new.seconds_watched, m.length_seconds) / 60;
  return null;
end;
$$;
create trigger certificate_minutes_follow_progress after update of seconds_watched
  on public.learning_progress
  for each row when (new.completed_at is not null and new.seconds_watched > old.seconds_watched)
  execute function private.update_certificate_minutes();

-- The learner's reflection on their own certificate: the three parts of the learning note, each
-- trimmed and up to 2,000 characters, or all three empty to remove it. Not on a revoked one.
create function public.save_certificate_reflection(certificate_id uuid, learned text,
  application text, next_steps text) returns setof public.certificates
language plpgsql security definer set search_path = '' as $$
declare
  parts text[] := array[nullif(btrim(learned), ''), nullif(btrim(application), ''),
    nullif(btrim(next_steps), '')];
  target public.certificates;
begin
  if auth.uid() is null then
    raise exception 'Please sign in.' using errcode = '42501';
  end if;
  select * into target from public.certificates c
  where c.id = certificate_id and c.user_id = auth.uid()
  for update;
  if not found then
    raise exception 'Certificate not found' using errcode = 'PT404';
  end if;
  if target.revoked_at is not null then
    raise exception 'This certificate has been revoked' using errcode = '22023';
  end if;
  if num_nulls(variadic parts) not in (0, 3) then
    raise exception 'Fill in all three parts of the reflection, or none' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(parts) part where char_length(part) > 2000) then
    raise exception 'Each part of the reflection can be at most 2,000 characters'
      using errcode = '22023';
  end if;
  return query
  update public.certificates c set
    reflection_learned = parts[1], reflection_application = parts[2],
    reflection_next_steps = parts[3],
    reflected_at = case when parts[1] is null then null else now() end
  where c.id = target.id
  returning c.*;
end;
$$;

-- An admin (at aal2) revokes a certificate, giving the reason the verification page shows as
-- revoked. Audited through the trigger below.
create function public.revoke_certificate(certificate_id uuid, reason text)
returns setof public.certificates
language plpgsql security definer set search_path = '' as $$
declare
  why text := btrim(reason);
begin
  perform private.assert_admin();
  if coalesce(char_length(why), 0) not between 1 and 500 then
    raise exception 'Give a reason of up to 500 characters' using errcode = '22023';
  end if;
  perform 1 from public.certificates c where c.id = certificate_id for update;
  if not found then
    raise exception 'Certificate not found' using errcode = 'PT404';
  end if;
  return query
  update public.certificates c
  set revoked_at = now(), revoked_reason = why, revoked_by = auth.uid()
  where c.id = certificate_id and c.revoked_at is null
  returning c.*;
  if not found then
    raise exception 'This certificate has already been revoked' using errcode = '22023';
  end if;
end;
$$;

create function private.audit_certificate_revoked() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.audit('revoke_certificate', new.user_id, new.id, jsonb_build_object(
    'code', new.code, 'module', new.module, 'reason', new.revoked_reason));
  return null;
end;
$$;
create trigger audit_certificate_revoked after update of revoked_at on public.certificates
  for each row when (old.revoked_at is null and new.revoked_at is not null
    and private.audited_caller())
  execute function private.audit_certificate_revoked();

-- The checks each client made in the current minute ('*' counts everyone's). Counters only, so
-- unlogged: a crash forgets at most a minute's counts.
create unlogged table private.certificate_checks (
  client text not null,
  minute timestamptz not null,
  checks integer not null default 1,
  primary key (client, minute)
);
revoke all on private.certificate_checks from public, anon, authenticated, service_role;

-- The answer of a check. A type of its own so that every field may be null (a code nobody holds
-- answers only its status).
create type public.certificate_verification as (
  status text,
  holder_name text,
  module text,
  module_title text,
  completed_at timestamptz,
  verified_minutes integer,
  revoked_at timestamptz
);

-- The client a check counts against: the address the platform's proxy saw (cf-connecting-ip,
-- which Cloudflare sets and a client cannot), else the first X-Forwarded-For address, else one
-- shared bucket.
create function private.request_client() returns text
language sql stable set search_path = '' as $$
  select left(coalesce(
    nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''),
    'unknown'), 100)
  from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb
    as headers) request;
$$;

create function public.verify_certificate(code text)
returns public.certificate_verification
language plpgsql volatile security definer set search_path = '' as $$
declare
  this_minute timestamptz := date_trunc('minute', now());
  caller text := private.request_client();
  counted integer;
  everyone integer;
  wanted text := upper(regexp_replace(coalesce(left(code, 64), ''), '[\s-]', '', 'g'));
  found_row public.certificates;
  answer public.certificate_verification;
begin
  delete from private.certificate_checks c where c.minute < this_minute - interval '1 minute';
  insert into private.certificate_checks as c (client, minute) values (caller, this_minute)
  on conflict on constraint certificate_checks_pkey do update set checks = c.checks + 1
  returning c.checks into counted;
  insert into private.certificate_checks as c (client, minute) values ('*', this_minute)
  on conflict on constraint certificate_checks_pkey do update set checks = c.checks + 1
  returning c.checks into everyone;
  if counted > 60 or everyone > 1200 then
    raise exception 'Too many checks. Please wait a minute and try again.' using errcode = 'PT429';
  end if;

  if wanted !~ '^[2-9A-HJ-NP-Z]{12}$' then
    answer.status := 'not_found';
    return answer;
  end if;
  select * into found_row from public.certificates c where c.code = wanted;
  if not found then
    -- A certificate whose holder deleted their account: no longer available, and nothing more
    -- (private.withdrawn_certificates, 20261206000000_data_rights.sql).
    answer.status := case when exists (select 1 from private.withdrawn_certificates w
      where w.code = wanted) then 'withdrawn' else 'not_found' end;
    return answer;
  end if;
  answer.status := case when found_row.revoked_at is null then 'valid' else 'revoked' end;
  answer.holder_name := (select p.name from public.profiles p where p.id = found_row.user_id);
  answer.module := found_row.module;
  answer.module_title := (select m.title from public.learning_modules m
    where m.slug = found_row.module);
  answer.completed_at := found_row.completed_at;
  answer.verified_minutes := found_row.verified_minutes;
  answer.revoked_at := found_row.revoked_at;
  return answer;
end;
$$;

-- A learner's request to send a certificate to an address of theirs (an appraisal portfolio's
-- inbox, say). Kept with its e-mail's delivery record for as long as the certificate.
create table public.certificate_portfolio_sends (
  id uuid primary key default gen_random_uuid(),
  certificate_id uuid not null references public.certificates (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  recipient text not null check (char_length(recipient) between 3 and 254
    and recipient ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$'),
  requested_at timestamptz not null default now()
);
create index certificate_portfolio_sends_user_idx on public.certificate_portfolio_sends
  (user_id, requested_at desc);
create index certificate_portfolio_sends_certificate_idx on public.certificate_portfolio_sends
  (certificate_id);
alter table public.certificate_portfolio_sends enable row level security;
revoke all on public.certificate_portfolio_sends from public, anon, authenticated, service_role;
-- Learners see theirs through my_portfolio_sends(), with how each went; the functions write it.
grant select on public.certificate_portfolio_sends to service_role;

-- Sends the caller's own valid certificate to `recipient`: at most five sends an hour per learner
-- (the address is the learner's choice, so the limit keeps the platform from being anyone's mail
-- relay). Returns the send; its e-mail goes out with the next run of send-certificate-emails.
create function public.send_certificate_to_portfolio(certificate_id uuid, recipient text)
returns setof public.certificate_portfolio_sends
language plpgsql security definer set search_path = '' as $$
declare
  address text := btrim(recipient);
  target public.certificates;
  recent integer;
  sent public.certificate_portfolio_sends;
begin
  if auth.uid() is null then
    raise exception 'Please sign in.' using errcode = '42501';
  end if;
  if address is null or char_length(address) not between 3 and 254
      or address !~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+\.[^@[:space:][:cntrl:]]+$' then
    raise exception 'Enter a valid email address' using errcode = '22023';
  end if;
  select * into target from public.certificates c
  where c.id = send_certificate_to_portfolio.certificate_id and c.user_id = auth.uid();
  if not found then
    raise exception 'Certificate not found' using errcode = 'PT404';
  end if;
  if target.revoked_at is not null then
    raise exception 'This certificate has been revoked' using errcode = '22023';
  end if;
  -- One learner's sends one at a time, so parallel requests cannot pass the limit together.
  perform 1 from public.profiles p where p.id = auth.uid() for update;
  select count(*) into recent from public.certificate_portfolio_sends s
  where s.user_id = auth.uid() and s.requested_at > now() - interval '1 hour';
  if recent >= 5 then
    raise exception 'You can send 5 certificates an hour. Please try again later.'
      using errcode = 'PT429';
  end if;
  insert into public.certificate_portfolio_sends (certificate_id, user_id, recipient)
  values (target.id, auth.uid(), address)
  returning * into sent;
  insert into public.email_deliveries (kind, subject_id, user_id)
  values ('certificate_portfolio', sent.id, auth.uid());
  return next sent;
end;
$$;

-- The caller's sends, newest first, with how each went: 'sent' (the provider accepted it),
-- 'sending' (not tried yet or under way), 'retrying' (an attempt failed; more will follow) or
-- 'failed' (no attempts left, or the certificate was revoked first).
create function public.my_portfolio_sends()
returns table (id uuid, certificate_id uuid, recipient text, requested_at timestamptz,
  status text)
language sql stable security definer set search_path = '' as $$
  select s.id, s.certificate_id, s.recipient, s.requested_at,
    case
      when d.delivered_at is not null then 'sent'
      when d.cancelled_at is not null
        or (d.attempts >= d.max_attempts and d.request_id is null) then 'failed'
      when d.last_error is not null then 'retrying'
      else 'sending'
    end
  from public.certificate_portfolio_sends s
  join public.email_deliveries d on d.kind = 'certificate_portfolio' and d.subject_id = s.id
  where s.user_id = (select auth.uid())
  order by s.requested_at desc
  limit 100;
$$;

-- Settles earlier attempts, cancels the e-mails of certificates revoked (or gone) before they were
-- sent, and sends an attempt for each e-mail not delivered, not under way and under its bound:
-- the certificate's own e-mail and the learner's sends to a portfolio. Returns the number of
-- attempts sent.
create function public.send_certificate_emails() returns integer
language plpgsql security definer set search_path = '' as $$
begin
  perform private.settle_email_attempts();
  update public.email_deliveries d set cancelled_at = now()
  where d.kind in ('certificate_issued', 'certificate_portfolio') and d.delivered_at is null
    and d.cancelled_at is null and d.request_id is null
    and not exists (select 1 from public.certificates c
      where c.revoked_at is null and c.id = case d.kind
        when 'certificate_issued' then d.subject_id
        else (select s.certificate_id from public.certificate_portfolio_sends s
          where s.id = d.subject_id)
      end);
  return private.attempt_email_deliveries('certificate_issued', 'send-certificate-email')
    + private.attempt_email_deliveries('certificate_portfolio', 'send-certificate-to-portfolio');
end;
$$;

-- Every minute: the e-mail follows the completion (or the learner's request) closely, and a run
-- with nothing to send reads one index and returns.
select cron.schedule('send-certificate-emails', '* * * * *', $job$do $$
begin
  perform public.send_certificate_emails();
  commit;
  perform private.assert_email_delivered('certificate_issued');
  perform private.assert_email_delivered('certificate_portfolio');
end
$$
$job$);

revoke all on function private.new_certificate_code(), private.issue_certificate(),
  private.update_certificate_minutes(),
  private.audit_certificate_revoked(), private.request_client(),
  public.save_certificate_reflection(uuid, text, text, text), public.revoke_certificate(uuid, text),
  public.verify_certificate(text), public.send_certificate_emails(),
  public.send_certificate_to_portfolio(uuid, text), public.my_portfolio_sends(),
  public.admin_search_certificates(text)
  from public, anon, authenticated, service_role;
grant execute on function public.admin_search_certificates(text) to authenticated, service_role;
grant execute on function public.send_certificate_emails() to service_role;
grant execute on function public.verify_certificate(text) to anon, authenticated, service_role;
grant execute on function public.save_certificate_reflection(uuid, text, text, text),
  public.revoke_certificate(uuid, text), public.send_certificate_to_portfolio(uuid, text),
  public.my_portfolio_sends() to authenticated, service_role;
