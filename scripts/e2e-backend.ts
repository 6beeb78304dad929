/**
 * A local backend for one end-to-end worker (e2e/support/servers.ts starts one per Playwright
 * worker): free ports, never the dev server's fixed ones, so `npm run dev` or another checkout's run
 * can go on beside it; a new database in a temporary folder (a copy of --template when given, else
 * migrations + seed.sql); auth rate limits relaxed because the suite signs in from one address; the
 * legacy JWT API keys refused, so the journeys prove the publishable and secret keys suffice; e-mail
 * confirmation on with --confirmations; captcha enforced with --captcha (the auth service then needs
 * a token from the backend's own captcha stand-in, as production needs Turnstile's). When it is
 * ready it prints one line, `ready {json}`, with its addresses. It stops on SIGINT or SIGTERM and,
 * with --stop-with-stdin, when its standard input closes (the worker that started it has gone,
 * however it ended), deleting its database.
 *
 * Usage: tsx scripts/e2e-backend.ts [--template <dir>] [--confirmations] [--captcha]
 *        [--stop-with-stdin]
 *        tsx scripts/e2e-backend.ts --prepare <dir>
 *   --prepare writes a migrated and seeded database (stopped) into <dir> for --template, then exits.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { BackendStartError, startBackend, type RunningBackend } from '@revolve/local-backend';
import { freePort } from '@revolve/local-backend/testing';
import { samplePlayerRoute } from '../tools/sample-player/service';

const { values } = parseArgs({
  options: {
    template: { type: 'string' },
    prepare: { type: 'string' },
    confirmations: { type: 'boolean', default: false },
    captcha: { type: 'boolean', default: false },
    'stop-with-stdin': { type: 'boolean', default: false },
  },
});

const relaxed = 100_000;
let stopping = false;

async function start(dataDir: string): Promise<RunningBackend> {
  // A port found free can be taken before the backend binds it (the ephemeral range is shared with
  // every outgoing connection): then new ports are tried.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startBackend({
        projectRoot: resolve(import.meta.dirname, '..'),
        dataDir,
        apiPort: await freePort(),
        dbPort: await freePort(),
        mailPort: await freePort(),
        // The built site plays modules from VITE_PLAYER_BASE_URL, the API port's /player.
        extraRoutes: [samplePlayerRoute()],
        rateLimits: {
          email_sent: relaxed,
          sign_in_sign_ups: relaxed,
          token_refresh: relaxed,
          token_verifications: relaxed,
        },
        mfaChallengeAndVerifyPerMinute: relaxed,
        // The journeys sign the seeded admin and manager in many times within one TOTP step.
        allowTotpCodeReuse: true,
        disableLegacyApiKeys: true,
        enableConfirmations: values.confirmations,
        captcha: values.captcha,
        log: {
          info: () => undefined,
          // Playwright signals the whole process group, so Postgres may end connections before the
          // orderly stop reaches them: that is not worth reporting.
          error: (message, error) => {
            if (!stopping) console.error(message, error ?? '');
          },
        },
      });
    } catch (error) {
      const portTaken = error instanceof BackendStartError && /already in use/.test(error.message);
      if (!portTaken || attempt === 5) throw error;
    }
  }
}

if (values.prepare) {
  const backend = await start(values.prepare);
  stopping = true;
  await backend.stop();
  process.exit(0);
}

const root = await mkdtemp(join(tmpdir(), 'revolve-e2e-'));
const dataDir = join(root, 'postgres');
// However the process ends (the backend's own signal handling exits once Postgres has stopped).
process.once('exit', () => rmSync(root, { recursive: true, force: true }));
let backend: RunningBackend;
try {
  // cp -a keeps the files' owner: as root, Postgres runs as its own system user.
  if (values.template) await promisify(execFile)('cp', ['-a', values.template, dataDir]);
  backend = await start(dataDir);
} catch (error) {
  await rm(root, { recursive: true, force: true });
  throw error;
}

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await backend.stop();
  await rm(root, { recursive: true, force: true });
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
if (values['stop-with-stdin']) {
  process.stdin.once('close', () => void stop());
  process.stdin.resume();
}

const { apiUrl, mailboxUrl, dbUrl } = backend;
console.log(`ready ${JSON.stringify({ apiUrl, mailboxUrl, dbUrl })}`);
