import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../src/backend';
import { LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { fixtureSupabaseDir, freePort, startTestBackend, type TestBackend } from '../src/testing';

interface Answer {
  status: number;
  body: { code?: string; message?: string };
}

async function get(apiUrl: string, path: string): Promise<Answer> {
  const response = await fetch(`${apiUrl}/rest/v1/${path}`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY },
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** Polls `check` until it returns a value, failing after `timeoutMs`. */
async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(50);
  }
}

/** Whether a process exists and has not exited (a zombie waiting for its reaper has). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).charAt(0) !== 'Z';
  } catch {
    return true;
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** 200 with rows, or a 503 carrying PostgREST's error shape: nothing else is acceptable. */
function expectServedOrUnavailable(answer: Answer): void {
  if (answer.status === 200) return;
  expect(answer.status).toBe(503);
  expect(answer.body.code).toMatch(/^(PGRST00[01]|57P0[123])$/);
  expect(typeof answer.body.message).toBe('string');
}

describe('a lost database connection', () => {
  let instance: TestBackend | undefined;
  afterAll(async () => {
    await instance?.stop();
  });

  it('answers the request in flight 503, then serves again', async () => {
    instance = await startTestBackend();
    const { url } = instance;
    const admin = new pg.Client({ connectionString: instance.dbUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      // The lock holds one request in flight inside the database until its connection is killed.
      await admin.query('begin');
      await admin.query('lock table public.books in access exclusive mode');
      const inFlight = get(url, 'books?select=id');
      await eventually('the request to wait on the lock', async () => {
        // Inside a transaction pg_stat_activity is read once, unless the snapshot is dropped.
        await admin.query('select pg_stat_clear_snapshot()');
        const { rows } = await admin.query(
          "select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%books%'",
        );
        return rows.length > 0 ? true : undefined;
      });

      let loading = true;
      const load = (async () => {
        const answers: Answer[] = [];
        while (loading) answers.push(await get(url, 'authors?select=id'));
        return answers;
      })();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where pid <> pg_backend_pid() and datname = current_database()
            and backend_type = 'client backend'`,
      );
      await admin.query('rollback');

      const answer = await inFlight;
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        code: '57P01',
        message: 'terminating connection due to administrator command',
      });
      await eventually('a 200 again', async () =>
        (await get(url, 'books?select=id')).status === 200 ? true : undefined,
      );
      loading = false;
      const answers = await load;
      for (const each of answers) expectServedOrUnavailable(each);
      expect(answers.at(-1)?.status).toBe(200);
    } finally {
      await admin.end().catch(() => undefined);
    }
  }, 120_000);

  it('restarts a killed postmaster: 503 while it is down, then 200', async () => {
    instance ??= await startTestBackend();
    const { url, dataDir } = instance;
    expect((await get(url, 'books?select=id')).status).toBe(200);
    const killed = await postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');

    const answers: Answer[] = [];
    await eventually('a 200 after a 503', async () => {
      const answer = await get(url, 'books?select=id');
      answers.push(answer);
      return answer.status === 200 && answers.some((each) => each.status === 503)
        ? true
        : undefined;
    });
    for (const each of answers) expectServedOrUnavailable(each);
    const restarted = await postmasterPid(dataDir);
    expect(restarted).not.toBe(killed);
    expect(isAlive(restarted)).toBe(true);
    // The pool keeps serving on the new server.
    const again = await Promise.all(
      Array.from({ length: 10 }, () => get(url, 'authors?select=id')),
    );
    expect(again.map((each) => each.status)).toEqual(Array(10).fill(200));
  }, 120_000);
});

describe('a backend killed with SIGKILL', () => {
  let root: string | undefined;
  let child: ChildProcess | undefined;
  let orphan: number | undefined;
  let backend: RunningBackend | undefined;

  afterEach(async () => {
    await backend?.stop();
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (orphan !== undefined && isAlive(orphan)) process.kill(orphan, 'SIGKILL');
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('leaves a Postgres that the next start stops and replaces, with no manual step', async () => {
    root = await mkdtemp(join(tmpdir(), 'local-backend-orphan-'));
    const supabaseDir = join(root, 'supabase');
    const dataDir = join(root, 'postgres');
    await cp(fixtureSupabaseDir, supabaseDir, { recursive: true });
    const ports = {
      apiPort: await freePort(),
      dbPort: await freePort(),
      mailPort: await freePort(),
    };

    // node --import tsx rather than the tsx command, whose wrapper process would be the one killed.
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'faults-child.ts'),
        root,
        supabaseDir,
        dataDir,
        String(ports.apiPort),
        String(ports.dbPort),
        String(ports.mailPort),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const started = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('READY')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`the child backend exited (${code})`)));
    });
    orphan = await postmasterPid(dataDir);
    const exited = new Promise((resolve) => started.once('exit', resolve));
    started.kill('SIGKILL');
    await exited;
    expect(isAlive(orphan)).toBe(true);

    backend = await startBackend({ projectRoot: root, supabaseDir, dataDir, ...ports });
    expect((await get(backend.apiUrl, 'books?select=id')).status).toBe(200);
    expect(isAlive(orphan)).toBe(false);
    expect(await postmasterPid(dataDir)).not.toBe(orphan);
  }, 180_000);
});
