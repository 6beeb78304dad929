import type { Server } from 'node:http';
import { createAuthService } from './auth/service';
import { CAPTCHA_PREFIX, createCaptchaService } from './captcha/service';
import { authRefusal } from './auth/errors';
import { envSwitch, loadConfig, type BackendConfig, type ConfigOverrides } from './config';
import { assertPgCronAvailable, installPgCronStandIn } from './cron/pg-cron';
import { startScheduler } from './cron/scheduler';
import { migrate, type MigrationReport } from './setup/migrate';
import { startPostgres } from './db/postgres';
import { BackendStartError } from './start-error';
import { assertExtensionAvailable, installStandInExtension } from './db/stand-in-extension';
import { createFunctionsService } from './functions/service';
import { apiKeyPolicy } from './http/api-keys';
import { createGateway } from './http/gateway';
import { refusalsByPrefix } from './http/refusals';
import { createApiServer } from './http/server';
import type { Logger, ServiceDeps, ServiceHandler } from './http/types';
import { createMailbox } from './mail/mailbox';
import { pgNetStandIn } from './net/pg-net';
import { startNetWorker } from './net/worker';
import { createRealtimeService } from './realtime/service';
import { restRefusal } from './rest/errors';
import { createRestService } from './rest/service';
import { stopOnSignal } from './shutdown';
import { vaultSecretValues } from './vault/secrets';
import { vaultStandIn } from './vault/supabase-vault';

export interface RunningBackend {
  config: BackendConfig;
  apiUrl: string;
  mailboxUrl: string;
  dbUrl: string;
  migrations: MigrationReport;
  stop(): Promise<void>;
}

/**
 * A running backend with the handles its services share (the database pool, the mailer), for this
 * package's own entry points: the CLI and ./testing. The public API (startBackend) does not give
 * them out.
 */
export interface LaunchedBackend {
  backend: RunningBackend;
  deps: ServiceDeps;
}

/**
 * A project's own HTTP route on the API port, beside the Supabase services: a request for `prefix`
 * or a path below it goes to `handle`, behind the same gateway (CORS, JSON errors).
 */
export interface ExtraRoute {
  /** A path prefix such as '/player'; a trailing slash is ignored. */
  prefix: string;
  handle: ServiceHandler;
}

const reservedPrefixes = ['/auth/v1', '/rest/v1', '/functions/v1', '/realtime/v1', CAPTCHA_PREFIX];

export interface StartOptions extends ConfigOverrides {
  /** Drop nothing, but run seed.sql even when the database already existed. */
  forceSeed?: boolean;
  /**
   * On a newly created database, grant everything in public to the API roles by default before the
   * migrations run, as Supabase projects made before 2026 had (also
   * LOCAL_BACKEND_LEGACY_DEFAULT_PRIVILEGES=true), to test that migrations revoke what they must.
   */
  legacyDefaultPrivileges?: boolean;
  /** Routes served on the API port beside the Supabase services (a project's own dev pages). */
  extraRoutes?: ExtraRoute[];
  log?: Logger;
  /**
   * Called with one line when Postgres died and could not be started again. By default the line is
   * printed and the process exits with code 1: a backend without its database is no use.
   */
  onPostgresFailure?: (message: string) => void;
}

const exitOnPostgresFailure = (message: string) => {
  console.error(`Local backend: ${message}`);
  process.exit(1);
};

const silentLog: Logger = { info: () => undefined, error: () => undefined };

/** Starts Postgres, brings its schema up to date, then the API gateway and the mailbox. */
export async function startBackend(options: StartOptions = {}): Promise<RunningBackend> {
  return (await launchBackend(options)).backend;
}

export async function launchBackend(options: StartOptions = {}): Promise<LaunchedBackend> {
  const config = loadConfig(options);
  const extraRoutes = extraRouteTable(options.extraRoutes ?? []);
  const log = options.log ?? silentLog;
  const legacyDefaultPrivileges =
    options.legacyDefaultPrivileges ??
    envSwitch('LOCAL_BACKEND_LEGACY_DEFAULT_PRIVILEGES') ??
    false;
  await installPgCronStandIn();
  await installStandInExtension(pgNetStandIn);
  await installStandInExtension(vaultStandIn);
  const postgres = await startPostgres({
    dataDir: config.dataDir,
    port: config.dbPort,
    log,
    onFailure: options.onPostgresFailure ?? exitOnPostgresFailure,
  });
  const cleanups: (() => Promise<void> | void)[] = [() => postgres.stop()];
  let stopped: Promise<void> | undefined;
  const stopAll = () => {
    stopped ??= (async () => {
      unregister();
      for (const cleanup of cleanups.reverse()) await cleanup();
    })();
    return stopped;
  };
  // Registered after Postgres's own, so a signal stops the services before their database.
  const unregister = stopOnSignal(async (signal) => {
    log.info(`Stopping the local backend (${signal})…`);
    await stopAll();
  });

  try {
    await assertPgCronAvailable(postgres.pool);
    await assertExtensionAvailable(postgres.pool, pgNetStandIn.name);
    await assertExtensionAvailable(postgres.pool, vaultStandIn.name);
    const migrations = await migrate(postgres.pool, config.supabaseDir, {
      seed: postgres.created || !!options.forceSeed,
      newDatabase: postgres.created,
      legacyDefaultPrivileges,
      vaultSecrets: vaultSecretValues(config),
    });
    const mailbox = await createMailbox({
      pool: postgres.pool,
      host: config.host,
      port: config.mailPort,
    });
    cleanups.push(() => mailbox.close());
    const deps: ServiceDeps = { pool: postgres.pool, config, mailer: mailbox.mailer, log };

    const rest = await createRestService(deps);
    cleanups.push(() => rest.close());
    const functions = await createFunctionsService({ ...deps, mailboxUrl: mailbox.url });
    cleanups.push(() => functions.close());
    const apiKeys = apiKeyPolicy(config);
    const realtime = await createRealtimeService({
      ...deps,
      connectionString: postgres.connectionString,
      apiKeys,
    });
    cleanups.push(() => realtime.close());
    const scheduler = startScheduler(deps);
    cleanups.push(() => scheduler.stop());

    const refuse = refusalsByPrefix({ '/auth/v1': authRefusal, '/rest/v1': restRefusal });
    const gateway = createGateway(
      {
        '/auth/v1': createAuthService(deps),
        '/rest/v1': rest.handler,
        '/functions/v1': functions.handler,
        [CAPTCHA_PREFIX]: createCaptchaService(),
        ...extraRoutes,
      },
      log,
      { servicePreflights: ['/functions/v1'], apiKeys, refuse },
    );
    const server = createApiServer((request, response) => void gateway(request, response), refuse);
    server.on('upgrade', (request, socket, head) => {
      if ((request.url ?? '').startsWith('/realtime/v1/websocket'))
        realtime.handleUpgrade(request, socket, head);
      else socket.destroy();
    });
    await listen(server, config.apiPort, config.host);
    cleanups.push(async () => {
      // Upgraded websockets count as the server's connections: close them first or close() waits.
      await realtime.close();
      await close(server);
    });
    // Once the API listens: queued requests may call this backend's own functions.
    const netWorker = await startNetWorker(deps);
    cleanups.push(() => netWorker.stop());

    const backend: RunningBackend = {
      config,
      apiUrl: config.apiUrl,
      mailboxUrl: mailbox.url,
      dbUrl: postgres.connectionString,
      migrations,
      stop: stopAll,
    };
    return { backend, deps };
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}

// Checked before anything starts, so a clash fails fast instead of shadowing a Supabase service.
function extraRouteTable(routes: ExtraRoute[]): Record<string, ServiceHandler> {
  const table: Record<string, ServiceHandler> = {};
  for (const route of routes) {
    const prefix = route.prefix.replace(/\/+$/, '');
    if (!/^(\/[\w.~-]+)+$/.test(prefix)) {
      throw new BackendStartError(
        `An extra route's prefix must be a path such as /player, not "${route.prefix}"`,
      );
    }
    const clash = reservedPrefixes.find(
      (reserved) =>
        prefix === reserved ||
        prefix.startsWith(`${reserved}/`) ||
        reserved.startsWith(`${prefix}/`),
    );
    if (clash) throw new BackendStartError(`The extra route ${prefix} would cover ${clash}`);
    if (table[prefix]) throw new BackendStartError(`Two extra routes share the prefix ${prefix}`);
    table[prefix] = route.handle;
  }
  return table;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new BackendStartError(`Port ${port} is already in use: is another backend running?`)
          : error,
      ),
    );
    server.listen(port, host, () => resolve());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
