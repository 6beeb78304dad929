-- Trials that remind (DESIGN.md section 6): once per trial, three days before it ends, the user gets
-- a notification and an e-mail pointing at /book-demo. (On lapse the expiry job already tells them.)
--
-- The e-mail is sent by the `send-trial-reminder` edge function, called through pg_net. Why a
-- function and not pg_net straight to the mail API: the mail key, sender and site address are the
-- functions' secrets already, and the e-mail's wording lives beside the other e-mails in
-- TypeScript. The database needs only the project's URL and its secret key, from Vault.
--
-- Reminders are never lost (DESIGN.md section 7, "Scheduled e-mail"): an e-mail the database asks
-- for counts as sent only when the mail provider accepted it.
--
-- One row of public.email_deliveries per e-mail the database wants sent (kind + subject, unique):
-- created once, with the user's in-app notification, when the e-mail falls due; each attempt is a
-- pg_net call to the kind's edge function, numbered, with the request's id kept. The function
-- claims the attempt (one call per attempt sends; a delivered e-mail is never sent again) and
-- records the outcome itself: delivered_at when the provider accepted, the error when it refused.
-- Outcomes nobody recorded are read from pg_net's responses at the next run ("settling"):
--   * a call that never reached the function (no connection, no such host) or that it refused with
--     a 4xx (before sending anything) failed at once, and is retried in that same run;
--   * any other answer (a timeout, a 5xx, a 2xx without a record) may come from a function that
--     sent the e-mail, so the attempt keeps its lease for 10 minutes, longer than an edge function
--     may run, before it counts as failed and is tried again; no two attempts are ever under way.
-- At most 5 attempts per e-mail; the attempts and the last error stay on the row.
--
-- Failures are visible: admins read the rows (at aal2) on /admin/activity, and the job's run fails
-- while an e-mail of its kind has failed and is not yet delivered. The run must fail without
-- undoing what it queued, and pg_cron runs a job as one top-level statement in one transaction,
-- so the job is a DO block that commits its work, then raises. (A procedure could do the same, but
-- a procedure that commits may have no SET clause, so it could not pin its search_path.)
--
-- An e-mail that is no longer wanted (its trial ended or was removed before it went) is cancelled,
-- not retried, and no longer fails the job.
--
-- The call to the function carries the project's secret key in the `apikey` header, as hosted
-- Supabase documents for secret keys (never as a Bearer token). Both values come from Vault:
-- `project_url` and `secret_key` (config.toml's [db.vault], written by `supabase db push`; docs/deploy.md).

create extension if not exists pg_net with schema extensions;

create table public.email_deliveries (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('trial_reminder', 'certificate_issued',
    'certificate_portfolio', 'organisation_invitation', 'assignment_reminder', 'overdue_digest',
    'mfa_lockout')),
  -- The row the e-mail is about (a trial for 'trial_reminder', a certificate for
  -- 'certificate_issued', a send for 'certificate_portfolio', an invitation, an assignment
  -- reminder or a digest for the organisations' kinds, a lock-out for 'mfa_lockout'). No foreign
  -- key: the record outlives it.
  subject_id uuid not null,
  -- The recipient; none for an invitation to someone without an account yet.
  user_id uuid references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  last_attempt_at timestamptz,
  -- The pg_net request of the attempt under way; null once its outcome is known.
  request_id bigint,
  -- The attempt a function call claimed: a second call for the same attempt sends nothing.
  claimed_attempt integer,
  last_error text check (char_length(last_error) <= 1000),
  delivered_at timestamptz,
  cancelled_at timestamptz,
  unique (kind, subject_id),
  check (attempts <= max_attempts),
  check (user_id is not null or kind = 'organisation_invitation')
);

create index email_deliveries_user_idx on public.email_deliveries (user_id);
create index email_deliveries_undelivered_idx on public.email_deliveries (kind, last_attempt_at desc)
  where delivered_at is null;

alter table public.email_deliveries enable row level security;
revoke all on public.email_deliveries from public, anon, authenticated, service_role;
create policy "admins read e-mail deliveries" on public.email_deliveries
  for select to authenticated using ((select private.is_admin()));
-- Written only by the functions below (security definer), never by an API role.
grant select on public.email_deliveries to authenticated, service_role;

-- Records the outcome of every attempt under way that nobody recorded, from pg_net's response.
create function private.settle_email_attempts() returns void
language plpgsql security definer set search_path = '' as $$
declare
  lease constant interval := interval '10 minutes';
begin
  with outcome as (
    select d.id,
      case
        when r.error_msg is not null and not coalesce(r.timed_out, false)
            and (r.error_msg like 'Couldn''t connect%' or r.error_msg like 'Couldn''t resolve%')
          then r.error_msg
        when r.status_code between 400 and 499
          then format('The function answered %s: %s', r.status_code, left(r.content, 500))
        when d.last_attempt_at < now() - lease then coalesce(
          r.error_msg,
          case when r.status_code is not null
            then format('The function answered %s but recorded no delivery: %s', r.status_code,
              left(r.content, 500))
          end,
          'No answer within 10 minutes of the attempt')
      end as error
    from public.email_deliveries d
    left join net._http_response r on r.id = d.request_id
    where d.request_id is not null and d.delivered_at is null
  )
  update public.email_deliveries d
  set last_error = left(outcome.error, 1000), request_id = null
  from outcome
  where d.id = outcome.id and outcome.error is not null;
end;
$$;

-- Sends an attempt, through pg_net to the edge function `function_name`, for each e-mail of `kind`
-- not delivered, not cancelled, not under way and under its bound. Returns the number sent. The
-- call carries the project's secret key in `apikey`; both values come from Vault.
create function private.attempt_email_deliveries(kind text, function_name text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  project_url text := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url');
  secret_key text := (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key');
  sent integer;
begin
  if not exists (select 1 from public.email_deliveries d
      where d.kind = attempt_email_deliveries.kind and d.delivered_at is null
        and d.cancelled_at is null and d.request_id is null and d.attempts < d.max_attempts) then
    return 0;
  end if;
  if coalesce(project_url, '') = '' or coalesce(secret_key, '') not like 'sb\_secret\_%' then
    raise exception 'E-mails of kind % need the Vault secrets project_url and secret_key (a secret key, sb_secret_...; see docs/deploy.md)', kind;
  end if;
  -- Row locks make a concurrent run skip what this one sends (it then sees request_id set).
  with attempted as (
    update public.email_deliveries d
    set attempts = d.attempts + 1,
      last_attempt_at = now(),
      request_id = net.http_post(
        url := rtrim(project_url, '/') || '/functions/v1/' || function_name,
        body := jsonb_build_object('delivery_id', d.id, 'attempt', d.attempts + 1),
        headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', secret_key),
        timeout_milliseconds := 30000
      )
    where d.kind = attempt_email_deliveries.kind and d.delivered_at is null
      and d.cancelled_at is null and d.request_id is null and d.attempts < d.max_attempts
    returning d.id
  )
  select count(*) into sent from attempted;
  return sent;
end;
$$;

-- Settles, cancels the reminders no longer wanted, records those that fell due (each with its
-- notification, once per trial), and sends an attempt for each reminder not delivered, not under
-- way and under its bound. Returns the number of attempts sent.
create function public.send_trial_reminders() returns integer
language plpgsql security definer set search_path = '' as $$
begin
  perform private.settle_email_attempts();

  update public.email_deliveries d set cancelled_at = now()
  where d.kind = 'trial_reminder' and d.delivered_at is null and d.cancelled_at is null
    and d.request_id is null
    and not exists (select 1 from public.active_trial_users t
      where t.id = d.subject_id and t.expires_at > now());

  -- The delivery row is made once per trial (unique per kind and subject), and the notification
  -- only with it: however often the job runs, and however many attempts the e-mail takes.
  with due as (
    insert into public.email_deliveries (kind, subject_id, user_id)
    select 'trial_reminder', t.id, t.user_id
    from public.active_trial_users t
    where t.expires_at > now() and t.expires_at <= now() + interval '3 days'
    on conflict (kind, subject_id) do nothing
    returning subject_id, user_id
  )
  insert into public.notifications (user_id, title, message, type)
  select due.user_id, 'Your trial ends in 3 days',
    format('Your trial ends on %s. Book a demo to talk about continued access for your team.',
      to_char(t.expires_at at time zone 'Europe/London', 'FMDD FMMonth YYYY')), 'info'
  from due join public.active_trial_users t on t.id = due.subject_id;

  return private.attempt_email_deliveries('trial_reminder', 'send-trial-reminder');
end;
$$;

-- Fails the caller (the job's run) while an e-mail of this kind has failed and is not delivered.
create function private.assert_email_delivered(kind text) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  failing integer;
  latest text;
begin
  select count(*), (array_agg(d.last_error order by d.last_attempt_at desc))[1]
  into failing, latest
  from public.email_deliveries d
  where d.kind = assert_email_delivered.kind and d.delivered_at is null and d.cancelled_at is null
    and d.last_error is not null;
  if failing > 0 then
    raise exception '% % e-mail(s) not delivered yet; the latest error: %', failing, kind, latest
      using hint = 'Attempts and errors: public.email_deliveries, and E-mail deliveries on /admin/activity.';
  end if;
end;
$$;

-- Sends an attempt for each e-mail of `kind` due now (pg_net posts after the commit), for an e-mail
-- asked for in a user's action rather than by a scheduled run, when the project's Vault secrets
-- are there; without them nothing fails here, and the kind's scheduled run says what is missing.
create function private.attempt_email_deliveries_now(kind text, function_name text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if exists (select 1 from vault.decrypted_secrets where name = 'project_url')
    and exists (select 1 from vault.decrypted_secrets where name = 'secret_key') then
    perform private.attempt_email_deliveries(attempt_email_deliveries_now.kind,
      attempt_email_deliveries_now.function_name);
  end if;
end;
$$;

-- The function's side of an attempt (service role only). The claim is one conditional update: of
-- two calls for one attempt only one gets the row; a delivered, cancelled or superseded attempt
-- gets nothing.
create function public.claim_email_delivery(kind text, delivery_id uuid, attempt integer)
returns table (subject_id uuid, user_id uuid)
language sql security definer set search_path = '' as $$
  update public.email_deliveries d set claimed_attempt = claim_email_delivery.attempt
  where d.id = claim_email_delivery.delivery_id and d.kind = claim_email_delivery.kind
    and d.delivered_at is null and d.cancelled_at is null
    and d.attempts = claim_email_delivery.attempt
    and d.claimed_attempt is distinct from claim_email_delivery.attempt
  returning d.subject_id, d.user_id;
$$;

-- Delivered (error null: the provider accepted the e-mail) or failed with `error`, for the attempt
-- the caller claimed; or, with `cancel`, not wanted any more (its subject ended or went before it
-- was sent: `error` says why), which is not retried and fails no job. False when that attempt is
-- not the one claimed or is already delivered.
create function public.record_email_delivery(delivery_id uuid, attempt integer, error text default null,
  cancel boolean default false)
returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.email_deliveries d
  set delivered_at = case when record_email_delivery.error is null and not record_email_delivery.cancel
      then now() end,
    cancelled_at = case when record_email_delivery.cancel then now() end,
    last_error = coalesce(left(record_email_delivery.error, 1000), d.last_error),
    request_id = null
  where d.id = record_email_delivery.delivery_id
    and d.claimed_attempt = record_email_delivery.attempt
    and d.delivered_at is null;
  return found;
end;
$$;

revoke all on function private.settle_email_attempts(),
  private.attempt_email_deliveries(text, text), private.attempt_email_deliveries_now(text, text), public.send_trial_reminders(),
  private.assert_email_delivered(text), public.claim_email_delivery(text, uuid, integer),
  public.record_email_delivery(uuid, integer, text, boolean)
  from public, anon, authenticated, service_role;
grant execute on function public.send_trial_reminders(), public.claim_email_delivery(text, uuid, integer),
  public.record_email_delivery(uuid, integer, text, boolean)
  to service_role;

select cron.schedule('send-trial-reminders', '15 * * * *', $job$do $$
begin
  perform public.send_trial_reminders();
  commit;
  perform private.assert_email_delivered('trial_reminder');
end
$$
$job$);
