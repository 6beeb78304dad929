import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { installPgCronStandIn } from '../src/cron/pg-cron';
import { cronMatches, parseSchedule, ScheduleError, type CronSchedule } from '../src/cron/schedule';
import { startScheduler } from '../src/cron/scheduler';
import type { ServiceDeps } from '../src/http/types';
import { fixtureSupabaseDir, startTestBackend, type TestBackend } from '../src/testing';
import { anonClient, database } from './shared';

const cron = (text: string) => parseSchedule(text) as CronSchedule;
const sorted = (values: Set<number>) => [...values].sort((a, b) => a - b);
const at = (iso: string) => new Date(iso);

describe('cron schedule parser', () => {
  it('reads steps, fixed values, lists and ranges', () => {
    expect(sorted(cron('*/15 * * * *').minutes)).toEqual([0, 15, 30, 45]);
    const daily = cron('0 3 * * *');
    expect(sorted(daily.minutes)).toEqual([0]);
    expect(sorted(daily.hours)).toEqual([3]);
    expect(daily.daysOfMonth.size).toBe(31);
    expect(sorted(cron('1,15,30 * * * *').minutes)).toEqual([1, 15, 30]);
    expect(sorted(cron('0 9-17 * * 1-5').hours)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(sorted(cron('0 9-17 * * 1-5').daysOfWeek)).toEqual([1, 2, 3, 4, 5]);
    expect(sorted(cron('0-30/10 * * * *').minutes)).toEqual([0, 10, 20, 30]);
    expect(sorted(cron('50/5 * * * *').minutes)).toEqual([50, 55]);
    expect(sorted(cron('0 0 1,15-17 * *').daysOfMonth)).toEqual([1, 15, 16, 17]);
  });

  it('reads month and weekday names, Sunday as 7 and the macros', () => {
    expect(sorted(cron('0 0 * jan-mar,DEC *').months)).toEqual([1, 2, 3, 12]);
    expect(sorted(cron('0 0 * * mon-fri').daysOfWeek)).toEqual([1, 2, 3, 4, 5]);
    expect(sorted(cron('0 0 * * 7').daysOfWeek)).toEqual([0]);
    expect(parseSchedule('@hourly')).toEqual(parseSchedule('0 * * * *'));
    expect(parseSchedule('@daily')).toEqual(parseSchedule('0 0 * * *'));
  });

  it("reads pg_cron's seconds form", () => {
    expect(parseSchedule('1 seconds')).toEqual({ kind: 'interval', seconds: 1 });
    expect(parseSchedule(' 30 Seconds ')).toEqual({ kind: 'interval', seconds: 30 });
    expect(parseSchedule('59 seconds')).toEqual({ kind: 'interval', seconds: 59 });
  });

  it('rejects what cron would reject', () => {
    for (const bad of [
      '',
      '* * * *',
      '* * * * * *',
      '60 * * * *',
      '* 24 * * *',
      '* * 0 * *',
      '* * * 13 *',
      '*/0 * * * *',
      '5-1 * * * *',
      'a * * * *',
      '1/2/3 * * * *',
      '0 seconds',
      '60 seconds',
      'every minute',
    ]) {
      expect(() => parseSchedule(bad), bad).toThrow(ScheduleError);
    }
  });

  it('matches minutes, hours and months in UTC', () => {
    const schedule = cron('30 3 * * *');
    expect(cronMatches(schedule, at('2026-05-04T03:30:59Z'))).toBe(true);
    expect(cronMatches(schedule, at('2026-05-04T03:31:00Z'))).toBe(false);
    expect(cronMatches(schedule, at('2026-05-04T04:30:00Z'))).toBe(false);
    expect(cronMatches(cron('* * * feb *'), at('2026-03-01T00:00:00Z'))).toBe(false);
  });

  it('combines restricted day fields with OR and a starred one with AND, as cron does', () => {
    // 2026-02-13 is a Friday; 2026-02-20 a Friday; 2026-03-13 a Friday too; 2026-04-13 a Monday.
    const fridayOr13th = cron('0 0 13 * 5');
    expect(cronMatches(fridayOr13th, at('2026-02-20T00:00:00Z'))).toBe(true);
    expect(cronMatches(fridayOr13th, at('2026-04-13T00:00:00Z'))).toBe(true);
    expect(cronMatches(fridayOr13th, at('2026-04-14T00:00:00Z'))).toBe(false);
    const fridays = cron('0 0 * * 5');
    expect(cronMatches(fridays, at('2026-02-20T00:00:00Z'))).toBe(true);
    expect(cronMatches(fridays, at('2026-04-13T00:00:00Z'))).toBe(false);
    const everyOtherDayOnFridays = cron('0 0 */2 * 5');
    expect(cronMatches(everyOtherDayOnFridays, at('2026-02-13T00:00:00Z'))).toBe(true);
    expect(cronMatches(everyOtherDayOnFridays, at('2026-02-20T00:00:00Z'))).toBe(false);
  });

  it("matches pg_cron's $ (last day of the month)", () => {
    const monthEnd = cron('0 0 $ * *');
    expect(cronMatches(monthEnd, at('2026-02-28T00:00:00Z'))).toBe(true);
    expect(cronMatches(monthEnd, at('2028-02-28T00:00:00Z'))).toBe(false);
    expect(cronMatches(monthEnd, at('2028-02-29T00:00:00Z'))).toBe(true);
    expect(cronMatches(monthEnd, at('2026-04-30T00:00:00Z'))).toBe(true);
  });
});

interface Job {
  name: string;
  schedule: string;
  command: string;
}

/** A pool that serves `jobs` to the scheduler and hands each job's command to `runCommand`. */
function schedulerWith(jobs: Job[], runCommand: (command: string) => Promise<void>) {
  const queries: string[] = [];
  const rows = jobs.map((job, index) => ({
    jobid: String(index + 1),
    jobname: job.name,
    schedule: job.schedule,
    command: job.command,
    username: 'postgres',
  }));
  const client = {
    query: async (sql: string) => {
      queries.push(sql);
      if (!sql.startsWith('set role')) await runCommand(sql);
      return { rows: [], command: 'SELECT', rowCount: 0 };
    },
    release: () => undefined,
  };
  const pool = {
    query: async (sql: string) => {
      queries.push(sql);
      if (sql.includes("to_regclass('cron.job')")) return { rows: [{ present: true }] };
      if (sql.startsWith('select jobid')) return { rows };
      if (sql.includes('cron.job_run_details')) return { rows: [{ runid: '1' }] };
      throw new Error(`unexpected query ${sql}`);
    },
    connect: async () => client,
  } as unknown as pg.Pool;
  const log = { info: vi.fn(), error: vi.fn() };
  const deps: ServiceDeps = {
    pool,
    log,
    config: loadConfig({ supabaseDir: fixtureSupabaseDir }),
    mailer: { send: async () => ({ id: 'unused' }) },
  };
  return { scheduler: startScheduler(deps), queries, log };
}

describe('scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a daily job once when its minute comes (UTC)', async () => {
    vi.useFakeTimers({ now: at('2026-03-01T02:59:58.000Z') });
    const runs: number[] = [];
    const { scheduler } = schedulerWith(
      [{ name: 'nightly', schedule: '0 3 * * *', command: 'nightly work' }],
      async () => void runs.push(Date.now()),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    scheduler.stop();
    expect(runs.map((time) => new Date(time).toISOString().slice(0, 16))).toEqual([
      '2026-03-01T03:00',
    ]);
  });

  it('runs a seconds job at its interval', async () => {
    vi.useFakeTimers({ now: at('2026-03-01T12:00:00.000Z') });
    let runs = 0;
    const { scheduler } = schedulerWith(
      [{ name: 'every-two', schedule: '2 seconds', command: 'tick' }],
      async () => void (runs += 1),
    );
    await vi.advanceTimersByTimeAsync(9_900);
    scheduler.stop();
    // At 0, 2, 4, 6 and 8 seconds.
    expect(runs).toBe(5);
  });

  it('never overlaps two runs of the same job', async () => {
    vi.useFakeTimers({ now: at('2026-03-01T12:00:00.000Z') });
    let active = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const { scheduler } = schedulerWith(
      [{ name: 'slow', schedule: '1 seconds', command: 'slow work' }],
      async () => {
        active += 1;
        runs += 1;
        mostAtOnce = Math.max(mostAtOnce, active);
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        active -= 1;
      },
    );
    await vi.advanceTimersByTimeAsync(10_000);
    scheduler.stop();
    expect(mostAtOnce).toBe(1);
    // Started at 0 s, then at the first tick after each run ended: 3 s, 6 s and 9 s.
    expect(runs).toBe(4);
  });

  it('logs a failing job and an invalid schedule (once), and keeps running', async () => {
    vi.useFakeTimers({ now: at('2026-03-01T12:00:00.000Z') });
    const { scheduler, log } = schedulerWith(
      [
        { name: 'failing', schedule: '1 seconds', command: 'bad sql' },
        { name: 'nonsense', schedule: '61 * * * *', command: 'never runs' },
      ],
      async (command) => {
        if (command === 'bad sql') throw new Error('syntax error at or near "bad"');
        throw new Error(`unexpected command ${command}`);
      },
    );
    await vi.advanceTimersByTimeAsync(3_500);
    scheduler.stop();
    const messages = log.error.mock.calls.map(([message]) => message as string);
    expect(messages.filter((message) => message === 'cron job failing failed')).toHaveLength(4);
    expect(messages.filter((message) => message.includes('nonsense'))).toEqual([
      'cron job nonsense has an invalid schedule',
    ]);
  });

  it('stops ticking on stop()', async () => {
    vi.useFakeTimers({ now: at('2026-03-01T12:00:00.000Z') });
    const { scheduler, queries } = schedulerWith([], async () => undefined);
    await vi.advanceTimersByTimeAsync(2_500);
    scheduler.stop();
    const before = queries.length;
    expect(before).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(queries.length).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** Reads until `done` holds (or 10 s pass), for what the scheduler does in its own time. */
async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const uniqueName = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

interface RunDetails {
  status: string;
  return_message: string;
  username: string;
  database: string;
  command: string;
  ended: boolean;
}

async function lastRun(db: pg.Pool, jobName: string): Promise<RunDetails | undefined> {
  const { rows } = await db.query<RunDetails>(
    `select d.status, d.return_message, d.username, d.database, d.command,
            d.end_time is not null and d.end_time >= d.start_time as ended
       from cron.job_run_details d join cron.job j using (jobid)
      where j.jobname = $1 and d.status <> 'running'
      order by d.runid desc limit 1`,
    [jobName],
  );
  return rows[0];
}

describe('pg_cron in the backend', () => {
  const db = database();
  afterAll(async () => {
    await db.end();
  });

  it("runs the fixture migration's every-second job, which writes rows", async () => {
    const since = new Date();
    const count = await poll(
      async () => {
        const { rows } = await db.query<{ count: number }>(
          'select count(*)::int as count from cron_fixture.heartbeats where beat_at > $1',
          [since],
        );
        return rows[0]?.count ?? 0;
      },
      (beats) => beats >= 2,
    );
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await lastRun(db, 'fixture-heartbeat')).toMatchObject({
      status: 'succeeded',
      return_message: 'INSERT 0 1',
      username: 'postgres',
      database: 'postgres',
      ended: true,
    });
  });

  it('is the pg_cron extension, in pg_catalog, with the cron schema out of the API roles reach', async () => {
    const { rows } = await db.query<{ schema: string; version: string }>(
      `select n.nspname as schema, e.extversion as version
         from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_cron'`,
    );
    expect(rows).toEqual([{ schema: 'pg_catalog', version: '1.6' }]);
    const { rows: privileges } = await db.query<{ role: string; usage: boolean; jobs: boolean }>(
      `select role, has_schema_privilege(role, 'cron', 'usage') as usage,
              has_table_privilege(role, 'cron.job', 'select') as jobs
         from unnest(array['anon', 'authenticated', 'service_role']) as role order by role`,
    );
    expect(privileges).toEqual([
      { role: 'anon', usage: false, jobs: true },
      { role: 'authenticated', usage: false, jobs: true },
      { role: 'service_role', usage: false, jobs: true },
    ]);
    const denied = await anonClient().schema('cron').from('job').select('jobid');
    expect(denied.error).not.toBeNull();
  });

  it('cron.schedule with a name replaces that job, as pg_cron does', async () => {
    const name = uniqueName('upsert');
    try {
      const first = await db.query<{ id: string }>(
        "select cron.schedule($1, '0 4 * * *', 'select 1') as id",
        [name],
      );
      const second = await db.query<{ id: string }>(
        "select cron.schedule($1, '0 5 * * *', 'select 2') as id",
        [name],
      );
      expect(second.rows[0]?.id).toBe(first.rows[0]?.id);
      const { rows } = await db.query(
        `select schedule, command, active, username, database, nodename
           from cron.job where jobname = $1`,
        [name],
      );
      expect(rows).toEqual([
        {
          schedule: '0 5 * * *',
          command: 'select 2',
          active: true,
          username: 'postgres',
          database: 'postgres',
          nodename: 'localhost',
        },
      ]);
    } finally {
      await db.query('delete from cron.job where jobname = $1', [name]);
    }
  });

  it('unschedules by name and by id, and refuses unknown jobs and schedules as pg_cron does', async () => {
    const name = uniqueName('gone');
    await db.query("select cron.schedule($1, '@daily', 'select 1')", [name]);
    expect((await db.query('select cron.unschedule($1) as done', [name])).rows).toEqual([
      { done: true },
    ]);
    await expect(db.query('select cron.unschedule($1::text)', [name])).rejects.toThrow(
      `could not find valid entry for job '${name}'`,
    );

    const { rows } = await db.query<{ id: string }>(
      "select cron.schedule('*/10 * * * *', 'select 1') as id",
    );
    const id = rows[0]?.id as string;
    expect((await db.query('select cron.unschedule($1::bigint) as done', [id])).rows).toEqual([
      { done: true },
    ]);
    await expect(db.query('select cron.unschedule($1::bigint)', [id])).rejects.toThrow(
      `could not find valid entry for job ${id}`,
    );

    for (const bad of ['every minute', '* * * *', '0 seconds', '60 seconds']) {
      await expect(
        db.query("select cron.schedule($1, $2, 'select 1')", [uniqueName('bad'), bad]),
      ).rejects.toThrow(`invalid schedule: ${bad}`);
    }
  });

  it('alters a job and schedules one by database as pg_cron 1.6 does; a name is per user', async () => {
    const name = uniqueName('altered');
    try {
      const { rows } = await db.query<{ id: string }>(
        "select cron.schedule_in_database($1, '@daily', 'select 1', current_database()) as id",
        [name],
      );
      const id = rows[0]?.id as string;
      await db.query("select cron.alter_job($1, schedule := '0 6 * * *', active := false)", [id]);
      expect(
        (await db.query('select schedule, command, active from cron.job where jobid = $1', [id]))
          .rows,
      ).toEqual([{ schedule: '0 6 * * *', command: 'select 1', active: false }]);
      await expect(db.query('select cron.alter_job($1)', [id])).rejects.toMatchObject({
        code: 'XX000',
        message: 'no updates specified',
      });
      await expect(db.query("select cron.alter_job($1, username := 'anon')", [id])).rejects.toThrow(
        'role "anon" can not log in',
      );

      await db.query(
        "select cron.schedule_in_database($1, '@hourly', 'select 2', current_database(), 'authenticator', false)",
        [name],
      );
      expect(
        (
          await db.query('select username from cron.job where jobname = $1 order by username', [
            name,
          ])
        ).rows,
      ).toEqual([{ username: 'authenticator' }, { username: 'postgres' }]);
    } finally {
      await db.query('delete from cron.job where jobname = $1', [name]);
    }
  });

  it('records a failing run in cron.job_run_details, and skips inactive jobs', async () => {
    const failing = uniqueName('failing');
    const paused = uniqueName('paused');
    await db.query("select cron.schedule($1, '1 seconds', 'select 1 / 0')", [failing]);
    await db.query(
      `insert into cron.job (jobname, schedule, command, active)
       values ($1, '1 seconds', 'insert into cron_fixture.heartbeats default values', false)`,
      [paused],
    );
    try {
      const run = await poll(
        () => lastRun(db, failing),
        (details) => details?.status === 'failed',
      );
      expect(run).toMatchObject({
        status: 'failed',
        return_message: 'division by zero',
        command: 'select 1 / 0',
        ended: true,
      });
      const { rows } = await db.query(
        `select 1 from cron.job_run_details d join cron.job j using (jobid) where j.jobname = $1`,
        [paused],
      );
      expect(rows).toEqual([]);
    } finally {
      await db.query('delete from cron.job where jobname = any($1)', [[failing, paused]]);
    }
  });

  /** Schedules `command` every second until its first run ends; resolves to that run. */
  async function firstRunOf(command: string): Promise<RunDetails | undefined> {
    const name = uniqueName('statement');
    await db.query("select cron.schedule($1, '1 seconds', $2)", [name, command]);
    try {
      return await poll(
        () => lastRun(db, name),
        (details) => details !== undefined,
      );
    } finally {
      await db.query('select cron.unschedule($1)', [name]);
    }
  }

  // pg_cron sends a job's command as one query (libpq) or runs it as one string of statements in
  // one transaction (background workers): a single statement is top level, so a DO block or a
  // procedure may commit; several statements stand or fall together.
  it('runs the command as one top-level statement: a DO block may commit, then fail the run', async () => {
    const table = `cron_fixture.${uniqueName('committed').replace('-', '_')}`;
    await db.query(`create table ${table} (at timestamptz not null default now())`);
    try {
      const run = await firstRunOf(
        `do $$ begin
           insert into ${table} default values;
           commit;
           raise exception 'failed after committing';
         end $$`,
      );
      expect(run).toMatchObject({ status: 'failed', return_message: 'failed after committing' });
      const { rows } = await db.query(`select 1 from ${table}`);
      expect(rows.length).toBeGreaterThanOrEqual(1);
    } finally {
      await db.query(`drop table ${table}`);
    }
  });

  it('runs several statements as one transaction: when one fails, none is kept', async () => {
    const table = `cron_fixture.${uniqueName('rolled_back').replace('-', '_')}`;
    await db.query(`create table ${table} (at timestamptz not null default now())`);
    try {
      const run = await firstRunOf(`insert into ${table} default values; select 1 / 0`);
      expect(run).toMatchObject({ status: 'failed', return_message: 'division by zero' });
      const { rows } = await db.query(`select 1 from ${table}`);
      expect(rows).toEqual([]);
    } finally {
      await db.query(`drop table ${table}`);
    }
  });
});

describe('pg_cron on a backend of its own', () => {
  let instance: TestBackend;
  let db: pg.Pool;
  beforeAll(async () => {
    instance = await startTestBackend();
    db = new pg.Pool({ connectionString: instance.dbUrl, max: 2 });
    // Restarts end its idle connections; the next query opens new ones.
    db.on('error', () => undefined);
  });
  afterAll(async () => {
    await db?.end();
    await instance?.stop();
  });

  it('moves the jobs of a database made before pg_cron (local_cron_jobs) into cron.job', async () => {
    // Such a database has no extension and keeps its jobs and their outcomes in two tables.
    await db.query('drop extension pg_cron cascade');
    await db.query(`
      create table supabase_migrations.local_cron_jobs (
        name text primary key, schedule text not null, command text not null);
      create table supabase_migrations.local_cron_job_status (name text primary key);
      insert into supabase_migrations.local_cron_jobs values
        ('legacy-heartbeat', '1 seconds', 'insert into cron_fixture.heartbeats default values');`);
    await instance.restart();

    const { rows: tables } = await db.query(
      `select to_regclass('supabase_migrations.local_cron_jobs') as jobs,
              to_regclass('supabase_migrations.local_cron_job_status') as status`,
    );
    expect(tables).toEqual([{ jobs: null, status: null }]);
    const { rows: jobs } = await db.query('select jobname, schedule, command from cron.job');
    expect(jobs).toEqual([
      {
        jobname: 'legacy-heartbeat',
        schedule: '1 seconds',
        command: 'insert into cron_fixture.heartbeats default values',
      },
    ]);
    const run = await poll(
      () => lastRun(db, 'legacy-heartbeat'),
      (details) => details?.status === 'succeeded',
    );
    expect(run?.status).toBe('succeeded');

    // The next start finds nothing left to move.
    await instance.restart();
    expect((await db.query('select jobname from cron.job')).rows).toEqual([
      { jobname: 'legacy-heartbeat' },
    ]);
  });
});

describe('installing the pg_cron stand-in', () => {
  let share: string;
  beforeEach(async () => {
    share = await mkdtemp(join(tmpdir(), 'pg-cron-share-'));
    await mkdir(join(share, 'extension'));
  });
  afterEach(async () => {
    await rm(share, { recursive: true, force: true });
  });

  it('writes the control and script files once, and leaves them be afterwards', async () => {
    await installPgCronStandIn(share);
    const control = join(share, 'extension', 'pg_cron.control');
    const script = join(share, 'extension', 'pg_cron--1.6.sql');
    expect(await readFile(control, 'utf8')).toContain("default_version = '1.6'");
    expect(await readFile(script, 'utf8')).toContain('create table cron.job (');
    const before = [(await stat(control)).mtimeMs, (await stat(script)).mtimeMs];
    await installPgCronStandIn(share);
    expect([(await stat(control)).mtimeMs, (await stat(script)).mtimeMs]).toEqual(before);
    expect((await readdir(join(share, 'extension'))).sort()).toEqual([
      'pg_cron--1.6.sql',
      'pg_cron.control',
    ]);
  });

  it('leaves a real pg_cron alone', async () => {
    const control = join(share, 'extension', 'pg_cron.control');
    await writeFile(control, "comment = 'Job scheduler for PostgreSQL'\n");
    await installPgCronStandIn(share);
    expect(await readFile(control, 'utf8')).toBe("comment = 'Job scheduler for PostgreSQL'\n");
    expect(await readdir(join(share, 'extension'))).toEqual(['pg_cron.control']);
  });
});
