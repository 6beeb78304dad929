-- Trials whose time is up move to expired_trials every five minutes. Hosted Supabase runs the job
-- with pg_cron; the local backend has no pg_cron and runs the jobs declared in local_cron_jobs.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('expire-lapsed-trials', '*/5 * * * *', 'select public.expire_lapsed_trials()');
  else
    insert into supabase_migrations.local_cron_jobs (name, schedule, command)
    values ('expire-lapsed-trials', '*/5 * * * *', 'select public.expire_lapsed_trials()')
    on conflict (name) do update set schedule = excluded.schedule, command = excluded.command;
  end if;
end
$$;
