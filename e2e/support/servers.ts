import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  listenOnLoopback,
  siteHandler,
  type RunningSite,
  type SiteHandler,
} from '../../scripts/lib/site-server';

/**
 * The servers of one Playwright worker (the `servers` fixture in e2e/fixtures.ts): its own local
 * backend (scripts/e2e-backend.ts, on free ports, with its own database) and its own copy of the
 * built site, pointed at that backend and served on a free port. No two workers share a database,
 * and no port is fixed, so a running `npm run dev` or another checkout's run never collides.
 */
export interface WorkerServers {
  apiUrl: string;
  mailboxUrl: string;
  dbUrl: string;
  /** http://localhost:<port>, the site's origin (the tests' baseURL). */
  siteOrigin: string;
  /** Where this worker's site plays modules (the build's VITE_PLAYER_BASE_URL, on its backend). */
  playerBase: string;
  stop(): Promise<void>;
}

/** The repository root. */
export const root = join(import.meta.dirname, '..', '..');
export const dist = join(root, 'dist');

/**
 * What the build names (.env.development, which npm run build:local reads): the local backend, whose
 * host and port are replaced with a worker's in that worker's copy of the site, and the player.
 */
async function builtEnv(): Promise<{ backendHost: string; playerBase: string }> {
  const env = await readFile(join(root, '.env.development'), 'utf8');
  const value = (name: string) => {
    const found = new RegExp(`^${name}=(.+)$`, 'm').exec(env)?.[1]?.trim();
    if (!found) throw new Error(`.env.development names no ${name}.`);
    return found;
  };
  return {
    backendHost: new URL(value('VITE_SUPABASE_URL')).host,
    playerBase: value('VITE_PLAYER_BASE_URL'),
  };
}

/**
 * Set by the global setup (e2e/support/global-setup.ts): a migrated, seeded database to copy, and a
 * copy of dist/ taken when the run started (a build during the run changes nothing under it).
 */
export const templateVariable = 'E2E_DATABASE_TEMPLATE';
export const siteVariable = 'E2E_SITE';

export async function startWorkerServers(options: {
  confirmations: boolean;
  /** Whether the backend enforces the captcha on the public account forms (as production does). */
  captcha?: boolean;
  /** How the site is served: plain HTTP on a free loopback port unless given. */
  serveSite?: (handler: SiteHandler) => Promise<RunningSite>;
}): Promise<WorkerServers> {
  const serveSite = options.serveSite ?? ((handler: SiteHandler) => listenOnLoopback(handler, 0));
  const built = await builtEnv();
  const backend = await startBackend(options.confirmations, options.captcha ?? false);
  try {
    const backendHost = new URL(backend.apiUrl).host;
    const siteDir = await mkdtemp(join(tmpdir(), 'revolve-e2e-site-'));
    try {
      await copySite(siteDir, built.backendHost, backendHost);
      const site = await serveSite(siteHandler(siteDir));
      return {
        apiUrl: backend.apiUrl,
        mailboxUrl: backend.mailboxUrl,
        dbUrl: backend.dbUrl,
        siteOrigin: site.origin,
        playerBase: built.playerBase.replace(built.backendHost, backendHost),
        stop: async () => {
          await site.close();
          await Promise.all([backend.stop(), rm(siteDir, { recursive: true, force: true })]);
        },
      };
    } catch (error) {
      await rm(siteDir, { recursive: true, force: true });
      throw error;
    }
  } catch (error) {
    await backend.stop();
    throw error;
  }
}

/** dist/ with the built backend's host:port replaced by this worker's in every file naming it. */
async function copySite(siteDir: string, builtHost: string, backendHost: string): Promise<void> {
  await cp(process.env[siteVariable] ?? dist, siteDir, { recursive: true });
  let rewritten = 0;
  for (const entry of await readdir(siteDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|html|css|json|xml|txt)$|^_headers$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const text = await readFile(path, 'utf8');
    if (!text.includes(builtHost)) continue;
    await writeFile(path, text.replaceAll(builtHost, backendHost));
    rewritten += 1;
  }
  if (rewritten === 0) {
    throw new Error(
      `dist/ does not name the local backend (${builtHost}): the end-to-end suite tests the ` +
        'build against the local backend, `npm run build:local`.',
    );
  }
}

interface BackendProcess {
  apiUrl: string;
  mailboxUrl: string;
  dbUrl: string;
  stop(): Promise<void>;
}

/** scripts/e2e-backend.ts as a child that stops when this process's end of its stdin closes. */
function startBackend(confirmations: boolean, captcha: boolean): Promise<BackendProcess> {
  const template = process.env[templateVariable];
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/e2e-backend.ts',
      '--stop-with-stdin',
      ...(template ? ['--template', template] : []),
      ...(confirmations ? ['--confirmations'] : []),
      ...(captcha ? ['--captcha'] : []),
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    // Closing its stdin is the orderly stop: Postgres shuts down and the database is deleted.
    child.stdin.end();
    await exited;
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith('ready ')) {
        console.log(line);
        return;
      }
      const addresses = JSON.parse(line.slice('ready '.length)) as Omit<BackendProcess, 'stop'>;
      resolve({ ...addresses, stop });
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`The end-to-end backend exited before it was ready (${signal ?? code}).`)),
    );
    child.once('error', reject);
  });
}
