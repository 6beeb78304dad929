import { connect } from 'node:net';
import { join } from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';
import { chromeFlags, chromePath } from '../../scripts/lib/chrome';

/**
 * What the Playwright configs share (playwright.config.ts, e2e/confirmations.config.ts): the
 * browser and timing settings, and the servers every run starts for itself.
 */

/** The repository root: the servers' working directory whichever folder a config is in. */
const root = join(import.meta.dirname, '..', '..');

/** Where the built site is served (E2E_PORT; the build's canonical links still name 4173). */
export const sitePort = Number(process.env.E2E_PORT ?? 4173);

/** The settings every run shares; test and output folders are each config's own. */
export const sharedSettings = {
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${sitePort}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromePath(), args: chromeFlags },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
} satisfies PlaywrightTestConfig;

/**
 * E2E_REUSE=1 runs against servers already listening on the ports (never on CI). Otherwise every
 * run starts its own, and a port already taken (another checkout's run, `npm run backend`) stops
 * the run before it starts rather than testing someone else's build or database.
 */
const reuse = process.env.E2E_REUSE === '1' && !process.env.CI;

/** A port a run's servers listen on: what listens there, and what else usually does. */
interface Port {
  port: number;
  what: string;
  usually: string;
  /** A way round it other than stopping the other server. */
  alternative?: string;
}

const backendPorts: Port[] = [
  { port: 54321, what: "the local backend's API", usually: '`npm run backend`' },
  { port: 54322, what: "the local backend's database", usually: '`npm run backend`' },
  { port: 54324, what: "the local backend's mailbox", usually: '`npm run backend`' },
];

const sitePortUse: Port = {
  port: sitePort,
  what: 'the built site',
  usually: '`npm run preview`',
  alternative: 'or serve the site on another port with E2E_PORT=<port>',
};

function listening(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function refuseTakenPorts(ports: Port[]): Promise<void> {
  for (const { port, what, usually, alternative } of ports) {
    const answers = await Promise.all(['127.0.0.1', '::1'].map((host) => listening(port, host)));
    if (!answers.some(Boolean)) continue;
    throw new Error(
      `Port ${port} (${what}) is already in use, perhaps by another checkout's end-to-end run or ` +
        `${usually}. Each run starts its own fresh servers: stop whatever listens on port ${port} ` +
        `and run again${alternative ? ` (${alternative})` : ''}. To test against the servers ` +
        'already running instead (only if they are this checkout\u2019s build and a fresh ' +
        'scripts/e2e-backend.ts), set E2E_REUSE=1.',
    );
  }
}

/**
 * The servers of a run: a fresh local backend (new database, relaxed auth rate limits, `backendEnv`
 * added to its environment) unless `withBackend` is false, and the built, prerendered site against
 * it (npm run build:local). Checked once, in the runner's process: its workers load the config too,
 * while the servers are up.
 */
export async function webServers({
  withBackend = true,
  backendEnv = {},
}: {
  withBackend?: boolean;
  backendEnv?: Record<string, string>;
} = {}): Promise<NonNullable<PlaywrightTestConfig['webServer']>> {
  if (!reuse && process.env.TEST_WORKER_INDEX === undefined) {
    await refuseTakenPorts([...(withBackend ? backendPorts : []), sitePortUse]);
  }
  return [
    ...(withBackend
      ? [
          {
            command: 'tsx scripts/e2e-backend.ts',
            cwd: root,
            env: backendEnv,
            url: 'http://127.0.0.1:54321/auth/v1/health',
            reuseExistingServer: reuse,
            timeout: 120_000,
            // Postgres must shut down cleanly, or the next run finds its port taken.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
          },
        ]
      : []),
    {
      command: `tsx scripts/serve-dist.ts --port ${sitePort}`,
      cwd: root,
      url: `http://localhost:${sitePort}/`,
      reuseExistingServer: reuse,
    },
  ];
}
