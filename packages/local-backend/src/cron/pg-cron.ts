/**
 * pg_cron for the embedded Postgres, which ships without it: a stand-in extension of the same name
 * (pg_cron.control and pg_cron--1.6.sql beside this file) written into Postgres's extension folder,
 * so that `create extension if not exists pg_cron with schema pg_catalog;` and `cron.schedule(…)`
 * work in migrations unchanged. The scheduler (scheduler.ts) runs the jobs it records.
 */
import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { BackendStartError, postgresShareDir } from '../db/postgres';

const standInMarker = 'local backend stand-in';
const files = ['pg_cron.control', 'pg_cron--1.6.sql'];

/**
 * Writes the stand-in's files into `<share>/extension/` unless they are there already. A real
 * pg_cron found there is left alone.
 */
export async function installPgCronStandIn(shareDir = postgresShareDir()): Promise<void> {
  const extensionDir = join(shareDir, 'extension');
  const installedControl = await readFile(join(extensionDir, 'pg_cron.control'), 'utf8').catch(
    () => undefined,
  );
  if (installedControl !== undefined && !installedControl.includes(standInMarker)) return;

  for (const file of files) {
    const wanted = await readFile(join(import.meta.dirname, file), 'utf8');
    const target = join(extensionDir, file);
    if ((await readFile(target, 'utf8').catch(() => undefined)) === wanted) continue;
    // Written aside and renamed into place: another backend starting at the same moment may be
    // reading the file, and must never see half of it.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, wanted);
      // Readable by the postgres system user Postgres runs as under root, whatever the umask.
      await chmod(temporary, 0o644);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw new BackendStartError(
        `Could not install the pg_cron stand-in into ${extensionDir}: ${(error as Error).message}`,
      );
    }
  }
}

/** Stops the start with a clear line when Postgres does not see the stand-in where it was written. */
export async function assertPgCronAvailable(pool: pg.Pool): Promise<void> {
  const { rowCount } = await pool.query(
    "select 1 from pg_available_extensions where name = 'pg_cron'",
  );
  if (!rowCount) {
    throw new BackendStartError(
      `Postgres does not see the pg_cron stand-in written to ${join(postgresShareDir(), 'extension')}`,
    );
  }
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
