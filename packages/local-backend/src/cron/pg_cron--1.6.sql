-- The local backend's stand-in for pg_cron 1.6: pg_cron's catalogue (cron.job, cron.job_run_details),
-- functions with pg_cron's signatures and checks, and the privileges a hosted Supabase project has,
-- so that a migration scheduling jobs works here exactly when it would on hosted Supabase. No
-- background worker runs here: the local backend's scheduler reads cron.job and records each run in
-- cron.job_run_details.

\echo Use "create extension pg_cron" to load this file. \quit

-- Hosted Supabase creates pg_cron as supabase_admin (supautils runs a privileged extension's
-- create as that superuser), so supabase_admin owns all of it and postgres, no superuser there,
-- has only what is granted at the end. The caller's role comes back at the end of this file.
select pg_catalog.set_config('local_backend.role_before_stand_in', pg_catalog.current_setting('role'), true);
set local role supabase_admin;

create schema cron;
create sequence cron.jobid_seq;
create sequence cron.runid_seq;

create table cron.job (
  jobid bigint primary key default pg_catalog.nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  -- Null over a Unix socket, where pg_cron would fail: the configured port instead.
  nodeport integer not null default coalesce(pg_catalog.inet_server_port(), pg_catalog.current_setting('port')::integer),
  database text not null default pg_catalog.current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  constraint jobname_username_uniq unique (jobname, username)
);

create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default pg_catalog.nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);

-- pg_cron's own grants: everyone may read their own jobs and runs and delete their runs, but only
-- with usage of the schema, which pg_cron grants nobody.
grant select on cron.job to public;
grant select, delete on cron.job_run_details to public;
grant select on sequence cron.jobid_seq, cron.runid_seq to public;
alter table cron.job enable row level security;
alter table cron.job_run_details enable row level security;
create policy cron_job_policy on cron.job using (username operator(pg_catalog.=) current_user);
create policy cron_job_run_details_policy on cron.job_run_details
  using (username operator(pg_catalog.=) current_user);

select pg_catalog.pg_extension_config_dump('cron.job', '');
select pg_catalog.pg_extension_config_dump('cron.jobid_seq', '');
select pg_catalog.pg_extension_config_dump('cron.job_run_details', '');
select pg_catalog.pg_extension_config_dump('cron.runid_seq', '');

-- pg_cron's trigger tells its worker to reload the jobs; the local scheduler reads them every second.
create function cron.job_cache_invalidate()
returns trigger
language plpgsql
as $$
begin
  return null;
end
$$;
comment on function cron.job_cache_invalidate() is 'invalidate job cache';

create trigger cron_job_cache_invalidate
  after insert or update or delete or truncate on cron.job
  for each statement execute function cron.job_cache_invalidate();

-- pg_cron refuses a schedule it cannot read when it is scheduled; this checks the shape (five
-- fields, a macro or '<n> seconds'), and the scheduler reports any finer mistake when it runs.
create function cron._local_assert_schedule(schedule text)
returns void
language plpgsql
immutable
set search_path = pg_catalog, pg_temp
as $$
declare
  text_form text := lower(btrim(schedule));
begin
  if not (
    text_form ~ '^(@(yearly|annually|monthly|weekly|daily|midnight|hourly)|[0-9a-z*,/$-]+(\s+[0-9a-z*,/$-]+){4})$'
    or (text_form ~ '^[0-9]{1,2}\s*seconds?$' and substring(text_form from '^[0-9]+')::integer between 1 and 59)
  ) then
    raise exception 'invalid schedule: %', schedule
      using errcode = 'invalid_parameter_value',
            hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  end if;
end
$$;

-- pg_cron raises most of its errors with no code of its own, so they carry internal_error (XX000)
-- here too. Its functions are C code that acts for the calling role but writes cron.job as the
-- extension's owner, so a caller needs no privilege on the table. Here they are security definer
-- functions owned by supabase_admin, and the caller is the role the session acts as: a security
-- definer function changes current_user, but neither the role setting nor session_user.
create function cron.schedule_in_database(
  job_name text,
  schedule text,
  command text,
  database text,
  username text default null,
  active boolean default true
)
returns bigint
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  caller text := coalesce(nullif(current_setting('role'), 'none'), session_user);
  job_user text := caller;
  scheduled bigint;
begin
  if job_name is null then
    raise exception 'job_name can not be NULL' using errcode = 'internal_error';
  end if;
  if schedule_in_database.schedule is null then
    raise exception 'schedule can not be NULL' using errcode = 'internal_error';
  end if;
  if schedule_in_database.command is null then
    raise exception 'command can not be NULL' using errcode = 'internal_error';
  end if;
  perform cron._local_assert_schedule(schedule_in_database.schedule);
  if schedule_in_database.username is not null then
    if not (select rolsuper from pg_roles where rolname = caller) then
      raise exception 'must be superuser to create a job for another role'
        using errcode = 'internal_error';
    end if;
    job_user := schedule_in_database.username;
    perform cron._local_assert_can_login(job_user);
  end if;
  if not has_database_privilege(job_user, coalesce(schedule_in_database.database, current_database()), 'connect') then
    raise exception 'User % does not have CONNECT privilege on %', job_user,
      coalesce(schedule_in_database.database, current_database())
      using errcode = 'internal_error';
  end if;
  insert into cron.job as job (schedule, command, database, username, active, jobname)
  values (schedule_in_database.schedule, schedule_in_database.command,
          coalesce(schedule_in_database.database, current_database()), job_user,
          coalesce(schedule_in_database.active, true), job_name)
  on conflict on constraint jobname_username_uniq do update
    set schedule = excluded.schedule, command = excluded.command, database = excluded.database
  returning job.jobid into scheduled;
  return scheduled;
end
$$;
comment on function cron.schedule_in_database(text, text, text, text, text, boolean) is 'schedule a pg_cron job';

create function cron._local_assert_can_login(role_name text)
returns void
language plpgsql
stable
set search_path = pg_catalog, pg_temp
as $$
declare
  can_login boolean := (select rolcanlogin from pg_roles where rolname = role_name);
begin
  if can_login is null then
    raise exception 'role "%" does not exist', role_name using errcode = 'internal_error';
  end if;
  if not can_login then
    raise exception 'role "%" can not log in', role_name
      using errcode = 'internal_error',
            detail = 'Jobs may only be run by roles that have the LOGIN attribute.';
  end if;
end
$$;

-- Scheduling a name again replaces that job's schedule and command (pg_cron 1.3 and later).
create function cron.schedule(job_name text, schedule text, command text)
returns bigint
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
as $$
begin
  return cron.schedule_in_database(job_name, schedule, command, current_database());
end
$$;
comment on function cron.schedule(text, text, text) is 'schedule a pg_cron job';

create function cron.schedule(schedule text, command text)
returns bigint
language plpgsql
strict
security definer
set search_path = pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  caller text := coalesce(nullif(current_setting('role'), 'none'), session_user);
  scheduled bigint;
begin
  perform cron._local_assert_schedule(schedule.schedule);
  if not has_database_privilege(caller, current_database(), 'connect') then
    raise exception 'User % does not have CONNECT privilege on %', caller, current_database()
      using errcode = 'internal_error';
  end if;
  insert into cron.job (schedule, command, username)
  values (schedule.schedule, schedule.command, caller)
  returning jobid into scheduled;
  return scheduled;
end
$$;
comment on function cron.schedule(text, text) is 'schedule a pg_cron job';

-- Anyone may remove their own jobs; another role's only with delete on cron.job.
create function cron.unschedule(job_id bigint)
returns boolean
language plpgsql
strict
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  caller text := coalesce(nullif(current_setting('role'), 'none'), session_user);
  owner text;
begin
  select username into owner from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id using errcode = 'internal_error';
  end if;
  if owner is distinct from caller and not has_table_privilege(caller, 'cron.job', 'delete') then
    raise exception 'permission denied for table job' using errcode = 'insufficient_privilege';
  end if;
  delete from cron.job where jobid = job_id;
  return true;
end
$$;
comment on function cron.unschedule(bigint) is 'unschedule a pg_cron job';

create function cron.unschedule(job_name text)
returns boolean
language plpgsql
strict
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  caller text := coalesce(nullif(current_setting('role'), 'none'), session_user);
begin
  delete from cron.job where jobname = job_name and username = caller;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name
      using errcode = 'internal_error';
  end if;
  return true;
end
$$;
comment on function cron.unschedule(text) is 'unschedule a pg_cron job';

-- A null argument leaves that attribute as it is. Only a superuser may alter another role's job
-- or hand a job to another role.
create function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
)
returns void
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  caller text := coalesce(nullif(current_setting('role'), 'none'), session_user);
  caller_is_superuser boolean := (select rolsuper from pg_roles where rolname = caller);
  job_user text := caller;
begin
  if job_id is null then
    raise exception 'job_id can not be NULL' using errcode = 'internal_error';
  end if;
  if alter_job.username is not null then
    if not caller_is_superuser then
      raise exception 'must be superuser to alter username' using errcode = 'internal_error';
    end if;
    job_user := alter_job.username;
    perform cron._local_assert_can_login(job_user);
  end if;
  if alter_job.database is not null
     and not has_database_privilege(job_user, alter_job.database, 'connect') then
    raise exception 'User % does not have CONNECT privilege on %', job_user, alter_job.database
      using errcode = 'internal_error';
  end if;
  if alter_job.schedule is not null then
    perform cron._local_assert_schedule(alter_job.schedule);
  end if;
  if num_nulls(alter_job.schedule, alter_job.command, alter_job.database, alter_job.username,
               alter_job.active) = 5 then
    raise exception 'no updates specified'
      using errcode = 'internal_error',
            hint = 'You must specify at least one job attribute to change when calling alter_job';
  end if;
  update cron.job as job
     set schedule = coalesce(alter_job.schedule, job.schedule),
         command = coalesce(alter_job.command, job.command),
         database = coalesce(alter_job.database, job.database),
         username = coalesce(alter_job.username, job.username),
         active = coalesce(alter_job.active, job.active)
   where job.jobid = job_id and (caller_is_superuser or job.username = caller);
  if not found then
    raise exception 'Job % does not exist or you don''t own it', job_id
      using errcode = 'internal_error';
  end if;
end
$$;
comment on function cron.alter_job(bigint, text, text, text, text, boolean) is
  'Alter the job identified by job_id. Any option left as NULL will not be modified.';

-- pg_cron leaves these two to the administrator to grant.
revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;
revoke all on function cron.schedule_in_database(text, text, text, text, text, boolean) from public;

-- What hosted Supabase grants postgres once pg_cron is created (its pg_cron after-create script and
-- the grant_pg_cron_access event trigger): usage of cron and every function in it, all on the
-- tables except that cron.job is only readable and job_run_details takes no triggers, each with
-- grant option. The API roles get nothing: without usage of cron they reach none of it.
grant usage on schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;
alter default privileges in schema cron grant all on tables to postgres with grant option;
alter default privileges in schema cron grant all on functions to postgres with grant option;
alter default privileges in schema cron grant all on sequences to postgres with grant option;
grant all on all tables in schema cron to postgres with grant option;
revoke all on table cron.job from postgres;
grant select on table cron.job to postgres with grant option;
revoke trigger on cron.job_run_details from postgres;

select pg_catalog.set_config('role', pg_catalog.current_setting('local_backend.role_before_stand_in'), true);
