-- Trials that remind (DESIGN.md section 6): once per trial, three days before it ends, the user gets
-- a notification and an e-mail pointing at /book-demo. (On lapse the expiry job already tells them.)
--
-- The e-mail is sent by the `send-trial-reminder` edge function, called through pg_net after the
-- reminder commits. Why a function and not pg_net straight to the mail API: the mail key, sender
-- and site address are the functions' secrets already, and the e-mail's wording lives beside the
-- other e-mails in TypeScript. The database needs only the project's URL and the service role key,
-- from Vault (docs/deploy.md says how to store them).

create extension if not exists pg_net with schema extensions;

alter table public.active_trial_users add column reminder_sent_at timestamptz;

create function public.send_trial_reminders() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  project_url text := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url');
  service_key text := (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key');
  reminded integer;
begin
  if not exists (select 1 from public.active_trial_users t
      where t.reminder_sent_at is null and t.expires_at > now() and t.expires_at <= now() + interval '3 days') then
    return 0;
  end if;
  if coalesce(project_url, '') = '' or coalesce(service_key, '') = '' then
    raise exception 'Trial reminders need the Vault secrets project_url and service_role_key (see docs/deploy.md)';
  end if;
  -- Marking and telling in one statement: a trial is reminded once, however often the job runs.
  with due as (
    update public.active_trial_users t set reminder_sent_at = now()
    where t.reminder_sent_at is null and t.expires_at > now() and t.expires_at <= now() + interval '3 days'
    returning t.id, t.user_id, t.expires_at
  ), notified as (
    insert into public.notifications (user_id, title, message, type)
    select due.user_id, 'Your trial ends in 3 days',
      format('Your trial ends on %s. Book a demo to talk about continued access for your team.',
        to_char(due.expires_at at time zone 'Europe/London', 'FMDD FMMonth YYYY')), 'info'
    from due
    returning user_id
  ), mailed as (
    select net.http_post(
      url := rtrim(project_url, '/') || '/functions/v1/send-trial-reminder',
      headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
      body := jsonb_build_object('trial_id', due.id),
      timeout_milliseconds := 10000
    )
    from due
  )
  select count(*) into reminded from mailed;
  return reminded;
end;
$$;

revoke all on function public.send_trial_reminders() from public, anon, authenticated, service_role;
grant execute on function public.send_trial_reminders() to service_role;

select cron.schedule('send-trial-reminders', '15 * * * *', 'select public.send_trial_reminders()');
