import type pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { cronMatches, parseSchedule, ScheduleError, type CronSchedule } from '../src/cron/schedule';
import { startScheduler } from '../src/cron/scheduler';
import type { ServiceDeps } from '../src/http/types';
import { fixtureSupabaseDir } from './harness';
import { database } from './shared';

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
  const pool = {
    query: async (sql: string) => {
      queries.push(sql);
      if (sql.startsWith('select name, schedule, command')) return { rows: jobs };
      if (sql.includes('local_cron_job')) return { rows: [] };
      await runCommand(sql);
      return { rows: [] };
    },
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
        { name: 'nonsense', schedule: 'whenever', command: 'never runs' },
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

describe('scheduled jobs in the backend', () => {
  const db = database();
  afterAll(async () => {
    await db.end();
  });

  async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

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
  });

  it('records the outcome of a failing job', async () => {
    const name = `failing-${Math.random().toString(36).slice(2, 10)}`;
    await db.query(
      `insert into supabase_migrations.local_cron_jobs (name, schedule, command)
       values ($1, '1 seconds', 'select 1 / 0')`,
      [name],
    );
    try {
      const status = await poll(
        async () =>
          (
            await db.query<{ last_status: string; last_error: string }>(
              'select last_status, last_error from supabase_migrations.local_cron_job_status where name = $1',
              [name],
            )
          ).rows[0],
        (row) => row?.last_status === 'failed',
      );
      expect(status).toEqual({ last_status: 'failed', last_error: 'division by zero' });
    } finally {
      await db.query('delete from supabase_migrations.local_cron_jobs where name = $1', [name]);
    }
  });
});
