/**
 * Throwaway backends for tests and tools (`@revolve/local-backend/testing`): free ports, a new
 * database in a temporary folder, supabase-js clients with the local keys.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type pg from 'pg';
import { launchBackend, type ExtraRoute, type RunningBackend } from './backend';
import type { Mailer } from './http/types';
import { totpCode as codeAt } from './auth/totp';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from './keys';

export { mailboxReader, type Mail, type MailboxReader, type MailSummary } from './mail/reader';

/** The code an authenticator app shows for a TOTP secret (base32) at `atMs` (default: now). */
export function totpCode(secret: string, atMs: number = Date.now()): string {
  return codeAt(secret, atMs);
}

const relaxedRateLimits = {
  email_sent: 100_000,
  sign_in_sign_ups: 100_000,
  token_refresh: 100_000,
  token_verifications: 100_000,
};

/** The conformance suite's own small Supabase project (tables, functions, migrations, seed). */
export const fixtureSupabaseDir = join(import.meta.dirname, '..', 'test', 'fixture', 'supabase');

export interface TestBackend {
  backend: RunningBackend;
  /** The backend's own database pool (as postgres), for a test to look behind the API. */
  pool: pg.Pool;
  /** The mailer the backend's services send with. */
  mailer: Mailer;
  url: string;
  mailboxUrl: string;
  dbUrl: string;
  /** A copy of the fixture's supabase/ folder this instance reads (tests may add migrations to it). */
  supabaseDir: string;
  dataDir: string;
  /** A supabase-js client with the publishable key and its own in-memory session. */
  anonClient(): SupabaseClient;
  /** A supabase-js client with the secret key (the service_role). */
  serviceClient(): SupabaseClient;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

// Below the kernel's ephemeral range (32768 and up on Linux), from which every outgoing connection
// takes its local port: a port found free there can be taken by a test's own client connection
// before the backend that was given it binds it (a suite's parallel backends made that happen).
const firstTestPort = 20_000;
const testPortCount = 12_000;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free TCP port on loopback, below the ephemeral range, and not one given out before here. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = firstTestPort + Math.floor(Math.random() * testPortCount);
    if (givenPorts.has(port)) continue;
    if (await isFree(port)) {
      givenPorts.add(port);
      return port;
    }
  }
  throw new Error('No free port found for a test backend.');
}
const givenPorts = new Set<number>();

export function clientFor(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket.
    realtime: { transport: WebSocket as never },
  });
}

export interface TestBackendOptions {
  /** A supabase/ folder to copy instead of the fixture's. */
  supabaseDir?: string;
  rateLimits?: 'strict' | 'relaxed';
  /** A header trusted to name the client's address for rate limits (see ConfigOverrides). */
  rateLimitHeader?: string;
  /** Replaces config.toml's [auth.email] enable_confirmations (see ConfigOverrides). */
  enableConfirmations?: boolean;
  /** Supabase's legacy default privileges on the new database (see StartOptions). */
  legacyDefaultPrivileges?: boolean;
  /** Refuses the legacy JWT API keys (see ConfigOverrides). */
  disableLegacyApiKeys?: boolean;
  /** Routes served beside the Supabase services (see StartOptions). */
  extraRoutes?: ExtraRoute[];
  /** Makes the auth service require a token from the captcha stand-in (see ConfigOverrides). */
  captcha?: boolean;
}

/**
 * A throwaway backend on free ports with its own database in a temporary folder, serving the fixture
 * project (or a copy of another supabase/ folder).
 */
export async function startTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const root = await mkdtemp(join(tmpdir(), 'local-backend-test-'));
  const supabaseDir = join(root, 'supabase');
  await cp(options.supabaseDir ?? fixtureSupabaseDir, supabaseDir, { recursive: true });
  const dataDir = join(root, 'postgres');
  const ports = { apiPort: await freePort(), dbPort: await freePort(), mailPort: await freePort() };
  // The suite signs in many times from one address, and signs one account in several times within
  // a TOTP step; tests of the limits themselves use 'strict'.
  const rateLimits = options.rateLimits === 'strict' ? undefined : relaxedRateLimits;
  const mfaChallengeAndVerifyPerMinute = options.rateLimits === 'strict' ? undefined : 100_000;
  const start = () =>
    launchBackend({
      supabaseDir,
      dataDir,
      projectRoot: root,
      rateLimits,
      mfaChallengeAndVerifyPerMinute,
      allowTotpCodeReuse: options.rateLimits !== 'strict',
      rateLimitHeader: options.rateLimitHeader,
      enableConfirmations: options.enableConfirmations,
      legacyDefaultPrivileges: options.legacyDefaultPrivileges,
      disableLegacyApiKeys: options.disableLegacyApiKeys,
      extraRoutes: options.extraRoutes,
      captcha: options.captcha,
      ...ports,
    });

  let launched = await start();
  const { backend } = launched;
  const handle: TestBackend = {
    get backend() {
      return launched.backend;
    },
    get pool() {
      return launched.deps.pool;
    },
    get mailer() {
      return launched.deps.mailer;
    },
    url: backend.apiUrl,
    mailboxUrl: backend.mailboxUrl,
    dbUrl: backend.dbUrl,
    supabaseDir,
    dataDir,
    anonClient: () => clientFor(launched.backend.apiUrl, LOCAL_PUBLISHABLE_KEY),
    serviceClient: () => clientFor(launched.backend.apiUrl, LOCAL_SECRET_KEY),
    restart: async () => {
      await launched.backend.stop();
      launched = await start();
    },
    stop: async () => {
      await launched.backend.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
  return handle;
}
