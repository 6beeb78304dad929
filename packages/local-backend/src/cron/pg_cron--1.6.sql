-- The local backend's stand-in for pg_cron 1.6: pg_cron's catalogue (cron.job, cron.job_run_details),
-- privileges and SQL functions, so that migrations schedule jobs exactly as on hosted Supabase. No
-- background worker runs here: the local backend's scheduler reads cron.job and records each run in
-- cron.job_run_details.

\echo Use "create extension pg_cron" to load this file. \quit

create schema cron;

create table cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  -- Null over a Unix socket, where pg_cron would fail: the configured port instead.
  nodeport integer not null default coalesce(pg_catalog.inet_server_port(), pg_catalog.current_setting('port')::integer),
  database text not null default pg_catalog.current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text unique
);

create table cron.job_run_details (
  jobid bigint,
  runid bigserial primary key,
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);

-- As pg_cron: everyone may read their own jobs and runs, but only through a grant of usage on the
-- schema, which nobody has by default (not anon, authenticated or service_role).
grant select on cron.job, cron.job_run_details to public;
alter table cron.job enable row level security;
alter table cron.job_run_details enable row level security;
create policy cron_job_policy on cron.job using (username operator(pg_catalog.=) current_user);
create policy cron_job_run_details_policy on cron.job_run_details
  using (username operator(pg_catalog.=) current_user);

-- The jobs are data a dump must keep, as pg_cron marks them.
select pg_catalog.pg_extension_config_dump('cron.job', '');
select pg_catalog.pg_extension_config_dump('cron.job_jobid_seq', '');
select pg_catalog.pg_extension_config_dump('cron.job_run_details', '');
select pg_catalog.pg_extension_config_dump('cron.job_run_details_runid_seq', '');

-- pg_cron refuses a schedule it cannot read when it is scheduled; this checks the shape (five
-- fields, a macro or '<n> seconds'), and the scheduler reports any finer mistake when it runs.
create function cron.schedule(schedule text, command text)
returns bigint
language plpgsql
strict
set search_path = pg_catalog, pg_temp
as $$
declare
  text_form text := lower(btrim($1));
  scheduled bigint;
begin
  if not (
    text_form ~ '^(@(yearly|annually|monthly|weekly|daily|midnight|hourly)|[0-9a-z*,/$-]+(\s+[0-9a-z*,/$-]+){4})$'
    or (text_form ~ '^[0-9]{1,2}\s*seconds?$' and substring(text_form from '^[0-9]+')::integer between 1 and 59)
  ) then
    raise exception 'invalid schedule: %', $1;
  end if;
  insert into cron.job (schedule, command) values ($1, $2) returning jobid into scheduled;
  return scheduled;
end
$$;
comment on function cron.schedule(text, text) is 'schedule a pg_cron job';

-- Scheduling a name again replaces that job's schedule and command (pg_cron 1.3 and later).
create function cron.schedule(job_name text, schedule text, command text)
returns bigint
language plpgsql
strict
set search_path = pg_catalog, pg_temp
as $$
declare
  text_form text := lower(btrim($2));
  scheduled bigint;
begin
  if not (
    text_form ~ '^(@(yearly|annually|monthly|weekly|daily|midnight|hourly)|[0-9a-z*,/$-]+(\s+[0-9a-z*,/$-]+){4})$'
    or (text_form ~ '^[0-9]{1,2}\s*seconds?$' and substring(text_form from '^[0-9]+')::integer between 1 and 59)
  ) then
    raise exception 'invalid schedule: %', $2;
  end if;
  insert into cron.job as job (jobname, schedule, command) values ($1, $2, $3)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning job.jobid into scheduled;
  return scheduled;
end
$$;
comment on function cron.schedule(text, text, text) is 'schedule a pg_cron job';

create function cron.unschedule(job_name text)
returns boolean
language plpgsql
strict
set search_path = pg_catalog, pg_temp
as $$
begin
  delete from cron.job where jobname = $1 and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', $1;
  end if;
  return true;
end
$$;
comment on function cron.unschedule(text) is 'unschedule a pg_cron job';

create function cron.unschedule(job_id bigint)
returns boolean
language plpgsql
strict
set search_path = pg_catalog, pg_temp
as $$
declare
  owner text;
begin
  select username into owner from cron.job where jobid = $1;
  if not found then
    raise exception 'could not find valid entry for job %', $1;
  end if;
  if owner <> current_user and not (select rolsuper from pg_roles where rolname = current_user) then
    raise exception 'must be owner of job %', $1;
  end if;
  delete from cron.job where jobid = $1;
  return true;
end
$$;
comment on function cron.unschedule(bigint) is 'unschedule a pg_cron job';
