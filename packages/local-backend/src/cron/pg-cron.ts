/**
 * pg_cron for the embedded Postgres, which ships without it: a stand-in extension of the same name
 * (pg_cron.control and pg_cron--1.6.sql beside this file) written into Postgres's extension folder,
 * so that `create extension if not exists pg_cron with schema pg_catalog;` and `cron.schedule(…)`
 * work in migrations unchanged. The scheduler (scheduler.ts) runs the jobs it records.
 */
import type pg from 'pg';
import {
  assertExtensionAvailable,
  installStandInExtension,
  type StandInExtension,
} from '../db/stand-in-extension';

export const pgCronStandIn: StandInExtension = {
  name: 'pg_cron',
  version: '1.6',
  sourceDir: import.meta.dirname,
};

/**
 * Writes the stand-in's files into `<share>/extension/` unless they are there already. A real
 * pg_cron found there is left alone.
 */
export function installPgCronStandIn(shareDir?: string): Promise<void> {
  return installStandInExtension(pgCronStandIn, shareDir);
}

/** Stops the start with a clear line when Postgres does not see the stand-in where it was written. */
export function assertPgCronAvailable(pool: pg.Pool): Promise<void> {
  return assertExtensionAvailable(pool, pgCronStandIn.name);
}

/**
 * Databases made before the stand-in kept their jobs in supabase_migrations.local_cron_jobs (and
 * outcomes in local_cron_job_status): the jobs move into cron.job and both tables go.
 */
export const moveLocalCronJobsSql = `
do $$
declare
  job record;
begin
  if to_regclass('supabase_migrations.local_cron_jobs') is null then
    return;
  end if;
  if exists (select from supabase_migrations.local_cron_jobs) then
    create extension if not exists pg_cron with schema pg_catalog;
    for job in select name, schedule, command from supabase_migrations.local_cron_jobs order by name loop
      perform cron.schedule(job.name, job.schedule, job.command);
    end loop;
  end if;
  drop table supabase_migrations.local_cron_jobs;
  drop table if exists supabase_migrations.local_cron_job_status;
end
$$;`;
