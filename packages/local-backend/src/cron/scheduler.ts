/**
 * Scheduled jobs, declared as on hosted Supabase with pg_cron, in a migration that is the same for
 * every target:
 *
 *   create extension if not exists pg_cron with schema pg_catalog;
 *   select cron.schedule('purge-expired', '0 3 * * *', $job$ delete from … $job$);
 *
 * The embedded Postgres has no pg_cron, so the local backend installs a stand-in extension of that
 * name (pg-cron.ts: cron.job, cron.job_run_details, cron.schedule and cron.unschedule) and this
 * scheduler plays pg_cron's background worker: every second it reads the active jobs of cron.job
 * and runs those that are due. Schedules are pg_cron's: 5-field cron expressions in UTC,
 * @daily-style macros, '$' for the last day of the month, or '<n> seconds'. Each run has a
 * connection of its own as the job's user, as pg_cron opens one, and a job never runs twice at
 * once; each run is recorded in cron.job_run_details and failures are logged.
 */
import type pg from 'pg';
import type { ServiceDeps } from '../http/types';
import { cronMatches, parseSchedule, type Schedule } from './schedule';
import { quoteIdent } from '../db/quote-ident';

interface JobRow {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  username: string;
}

const jobsSql = `select jobid::text as jobid, jobname, schedule, command, username
  from cron.job where active and database = current_database() order by jobid`;

export function startScheduler(deps: ServiceDeps): { stop(): void } {
  const { pool, log } = deps;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<string>();
  /** The second (for intervals) or minute (for cron expressions) each job last fired in. */
  const lastFired = new Map<string, number>();
  const parsed = new Map<string, { text: string; schedule?: Schedule }>();

  const label = (job: JobRow) => job.jobname ?? `#${job.jobid}`;

  const reportFailure = (message: string, error: unknown) => {
    if (!stopped) log.error(message, error);
  };

  const scheduleOf = (job: JobRow): Schedule | undefined => {
    const known = parsed.get(job.jobid);
    if (known?.text === job.schedule) return known.schedule;
    try {
      const schedule = parseSchedule(job.schedule);
      parsed.set(job.jobid, { text: job.schedule, schedule });
      return schedule;
    } catch (error) {
      // Reported once per schedule text, not at every tick.
      parsed.set(job.jobid, { text: job.schedule });
      log.error(`cron job ${label(job)} has an invalid schedule`, error);
      void pool
        .query(
          `insert into cron.job_run_details
             (jobid, database, username, command, status, return_message, start_time, end_time)
           values ($1, current_database(), $2, $3, 'failed', $4, now(), now())`,
          [job.jobid, job.username, job.command, `invalid schedule: ${messageOf(error)}`],
        )
        .catch((failure: unknown) => reportFailure('cron: recording a run failed', failure));
      return undefined;
    }
  };

  const isDue = (job: JobRow, now: number): boolean => {
    const schedule = scheduleOf(job);
    if (!schedule) return false;
    const period = schedule.kind === 'interval' ? Math.floor(now / 1000) : Math.floor(now / 60_000);
    const previous = lastFired.get(job.jobid);
    if (previous === period) return false;
    if (schedule.kind === 'interval') {
      if (previous !== undefined && period - previous < schedule.seconds) return false;
    } else if (!cronMatches(schedule, new Date(now))) return false;
    lastFired.set(job.jobid, period);
    return true;
  };

  const run = async (job: JobRow) => {
    running.add(job.jobid);
    let client: pg.PoolClient | undefined;
    let runId: string | undefined;
    try {
      client = await pool.connect();
      const { rows } = await pool.query<{ runid: string }>(
        `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
         values ($1, $2, current_database(), $3, $4, 'running', now()) returning runid::text`,
        [job.jobid, backendPid(client), job.username, job.command],
      );
      runId = rows[0]?.runid;
      await client.query(`set role ${quoteIdent(job.username)}`);
      const result = (await client.query(job.command)) as pg.QueryResult | pg.QueryResult[];
      await finish(runId, 'succeeded', commandTag(result));
    } catch (error) {
      if (stopped) return;
      log.error(`cron job ${label(job)} failed`, error);
      await finish(runId, 'failed', messageOf(error));
    } finally {
      // A job may change its session (settings, role, an open transaction): the connection goes.
      client?.release(true);
      running.delete(job.jobid);
    }
  };

  const finish = async (runId: string | undefined, status: string, message: string) => {
    if (runId === undefined) return;
    await pool
      .query(
        `update cron.job_run_details set status = $2, return_message = $3, end_time = now()
          where runid = $1`,
        [runId, status, message],
      )
      .catch((failure: unknown) => reportFailure('cron: recording a run failed', failure));
  };

  const tick = async () => {
    try {
      // No migration has created the extension yet: nothing is scheduled.
      const { rows: catalogue } = await pool.query<{ present: boolean }>(
        "select to_regclass('cron.job') is not null as present",
      );
      if (!catalogue[0]?.present) return;
      const { rows } = await pool.query<JobRow>(jobsSql);
      const now = Date.now();
      for (const job of rows) {
        if (stopped) return;
        if (!running.has(job.jobid) && isDue(job, now)) void run(job);
      }
    } catch (error) {
      reportFailure('cron: reading the jobs failed', error);
    } finally {
      scheduleTick();
    }
  };

  // Ticks land just after each full second, so '<n> seconds' and minute boundaries stay aligned.
  const scheduleTick = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), 1000 - (Date.now() % 1000) + 5);
  };
  void tick();

  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** What pg_cron records for a successful run: the last statement's command tag ('INSERT 0 1'). */
function commandTag(result: pg.QueryResult | pg.QueryResult[]): string {
  const last = Array.isArray(result) ? result.at(-1) : result;
  if (!last?.command) return '';
  if (last.command === 'INSERT') return `INSERT 0 ${last.rowCount ?? 0}`;
  return last.rowCount === null ? last.command : `${last.command} ${last.rowCount}`;
}

/** The server process running the job (pg's client knows it from the connection's start-up). */
function backendPid(client: pg.PoolClient): number | null {
  return (client as unknown as { processID?: number }).processID ?? null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
