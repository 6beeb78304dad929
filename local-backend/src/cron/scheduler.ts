/**
 * Scheduled jobs. Hosted Supabase runs them with pg_cron; the local Postgres has no pg_cron, so a
 * migration schedules with pg_cron only where the extension exists and otherwise declares the job in
 * supabase_migrations.local_cron_jobs, which this scheduler runs:
 *
 *   do $$
 *   begin
 *     if exists (select from pg_available_extensions where name = 'pg_cron') then
 *       create extension if not exists pg_cron;
 *       perform cron.schedule('purge-expired', '0 3 * * *', $job$ delete from … $job$);
 *     else
 *       insert into supabase_migrations.local_cron_jobs (name, schedule, command)
 *       values ('purge-expired', '0 3 * * *', $job$ delete from … $job$)
 *       on conflict (name) do update set schedule = excluded.schedule, command = excluded.command;
 *     end if;
 *   end $$;
 *
 * (The local backend's bootstrap creates that table before any migration runs.) Unscheduling is deleting the row. Schedules are pg_cron's: 5-field cron expressions
 * in UTC, @daily-style macros, '$' for the last day of the month, or '<n> seconds'. Each command runs
 * as postgres, never twice at once; the outcome of each job's last run is in
 * supabase_migrations.local_cron_job_status, and failures are logged.
 */
import type { ServiceDeps } from '../http/types';
import { cronMatches, parseSchedule, type Schedule } from './schedule';

interface JobRow {
  name: string;
  schedule: string;
  command: string;
}

const tablesSql = `
create table if not exists supabase_migrations.local_cron_job_status (
  name text primary key,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_status text,
  last_error text,
  runs bigint not null default 0
);`;

export function startScheduler(deps: ServiceDeps): { stop(): void } {
  const { pool, log } = deps;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<string>();
  /** The second (for intervals) or minute (for cron expressions) each job last fired in. */
  const lastFired = new Map<string, number>();
  const parsed = new Map<string, { text: string; schedule?: Schedule }>();
  const ready = pool.query(tablesSql);

  const recordStatus = async (name: string, status: string, error?: unknown) => {
    await pool
      .query(
        `insert into supabase_migrations.local_cron_job_status (name, last_finished_at, last_status, last_error)
         values ($1, now(), $2, $3)
         on conflict (name) do update set last_finished_at = now(), last_status = $2, last_error = $3`,
        [name, status, error === undefined ? null : messageOf(error)],
      )
      .catch((failure: unknown) => {
        if (!stopped) log.error(`cron: recording job ${name}'s outcome failed`, failure);
      });
  };

  const scheduleOf = (job: JobRow): Schedule | undefined => {
    const known = parsed.get(job.name);
    if (known?.text === job.schedule) return known.schedule;
    try {
      const schedule = parseSchedule(job.schedule);
      parsed.set(job.name, { text: job.schedule, schedule });
      return schedule;
    } catch (error) {
      // Reported once per schedule text, not at every tick.
      parsed.set(job.name, { text: job.schedule });
      log.error(`cron job ${job.name} has an invalid schedule`, error);
      void recordStatus(job.name, 'invalid schedule', error);
      return undefined;
    }
  };

  const isDue = (job: JobRow, now: number): boolean => {
    const schedule = scheduleOf(job);
    if (!schedule) return false;
    const period = schedule.kind === 'interval' ? Math.floor(now / 1000) : Math.floor(now / 60_000);
    const previous = lastFired.get(job.name);
    if (previous === period) return false;
    if (schedule.kind === 'interval') {
      if (previous !== undefined && period - previous < schedule.seconds) return false;
    } else if (!cronMatches(schedule, new Date(now))) return false;
    lastFired.set(job.name, period);
    return true;
  };

  const run = async (job: JobRow) => {
    running.add(job.name);
    try {
      await pool.query(
        `insert into supabase_migrations.local_cron_job_status as s (name, last_started_at, runs)
         values ($1, now(), 1)
         on conflict (name) do update set last_started_at = now(), runs = s.runs + 1`,
        [job.name],
      );
      await pool.query(job.command);
      await recordStatus(job.name, 'succeeded');
    } catch (error) {
      if (stopped) return;
      log.error(`cron job ${job.name} failed`, error);
      await recordStatus(job.name, 'failed', error);
    } finally {
      running.delete(job.name);
    }
  };

  const tick = async () => {
    try {
      await ready;
      const { rows } = await pool.query<JobRow>(
        'select name, schedule, command from supabase_migrations.local_cron_jobs',
      );
      const now = Date.now();
      for (const job of rows) {
        if (stopped) return;
        if (!running.has(job.name) && isDue(job, now)) void run(job);
      }
    } catch (error) {
      if (!stopped) log.error('cron: reading the jobs failed', error);
    } finally {
      scheduleTick();
    }
  };

  // Ticks land just after each full second, so '<n> seconds' and minute boundaries stay aligned.
  const scheduleTick = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), 1000 - (Date.now() % 1000) + 5);
  };
  ready.catch(() => undefined);
  void tick();

  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
