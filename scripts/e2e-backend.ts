/**
 * The local backend for the end-to-end suite: the usual ports (the built site is configured for
 * them), a new database in a temporary folder for every run (migrations + seed.sql), auth rate
 * limits relaxed because the whole suite signs in from one address, and the legacy JWT API keys
 * refused, so the journeys prove the publishable and secret keys suffice. Deleted again on exit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBackend } from '@revolve/local-backend';
import { samplePlayerRoute } from '../tools/sample-player/service';

const relaxed = 100_000;
let stopping = false;
const root = await mkdtemp(join(tmpdir(), 'revolve-e2e-'));
const backend = await startBackend({
  projectRoot: resolve(import.meta.dirname, '..'),
  dataDir: join(root, 'postgres'),
  // The built site plays modules from VITE_PLAYER_BASE_URL, the API port's /player.
  extraRoutes: [samplePlayerRoute()],
  rateLimits: {
    email_sent: relaxed,
    sign_in_sign_ups: relaxed,
    token_refresh: relaxed,
    token_verifications: relaxed,
  },
  mfaChallengeAndVerifyPerMinute: relaxed,
  disableLegacyApiKeys: true,
  log: {
    info: () => undefined,
    // Playwright signals the whole process group, so Postgres may end connections before the
    // orderly stop reaches them: that is not worth reporting.
    error: (message, error) => {
      if (!stopping) console.error(message, error ?? '');
    },
  },
});
console.log(`End-to-end backend on ${backend.apiUrl} (mailbox ${backend.mailboxUrl}).`);

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await backend.stop();
  await rm(root, { recursive: true, force: true });
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
