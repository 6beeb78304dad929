/**
 * The backend as a command: starts it, prints its URLs, keys, migrations and accounts; Ctrl-C (and
 * SIGTERM, SIGHUP) stop it and its Postgres cleanly (src/shutdown.ts). `--reset` deletes the
 * database first, so migrations and the seed run on a new one. A project wraps this to add its own routes and summary lines (see README).
 */
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { launchBackend, type RunningBackend, type StartOptions } from './backend';
import { loadConfig } from './config';
import { BackendStartError } from './start-error';
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from './keys';

export interface BackendCommandOptions extends Omit<StartOptions, 'log'> {
  /** The command line to read `--reset` from (default: the process's arguments). */
  args?: string[];
  /** More [label, value] lines for the summary, printed after the mailbox's. */
  summary?: (backend: RunningBackend) => [label: string, value: string][];
  /** Where the seeded accounts' passwords are written down, printed under the accounts. */
  accountsNote?: string;
}

const labelWidth = 21;
const line = (label: string, value: string) => `  ${`${label}:`.padEnd(labelWidth)}${value}`;

export async function runBackendCommand(options: BackendCommandOptions = {}): Promise<void> {
  const { args = process.argv.slice(2), summary, accountsNote, ...startOptions } = options;
  const { values } = parseArgs({
    args,
    options: { reset: { type: 'boolean', default: false } },
  });

  try {
    if (values.reset) {
      await rm(loadConfig(startOptions).dataDir, { recursive: true, force: true });
      console.log(
        'Deleted the local database; it is rebuilt from supabase/migrations and seed.sql.',
      );
    }
    const { backend, deps } = await launchBackend({
      ...startOptions,
      log: {
        info: (message) => console.log(message),
        error: (message, error) =>
          console.error(message, error instanceof Error ? error.message : (error ?? '')),
      },
    });
    const { migrations } = backend;
    const { rows: accounts } = await deps.pool.query<{ email: string }>(
      'select email from auth.users order by created_at limit 20',
    );
    console.log(
      [
        '',
        'Local backend is running.',
        line('API URL', backend.apiUrl),
        line('DB URL', backend.dbUrl),
        line('Mailbox', backend.mailboxUrl),
        ...(summary?.(backend) ?? []).map(([label, value]) => line(label, value)),
        line('Publishable key', LOCAL_PUBLISHABLE_KEY),
        line('Secret key', LOCAL_SECRET_KEY),
        ...(backend.config.disableLegacyApiKeys
          ? [line('Legacy keys', 'disabled (refused with 401)')]
          : [
              line('Legacy anon key', LOCAL_ANON_KEY),
              line('Legacy service_role', LOCAL_SERVICE_ROLE_KEY),
            ]),
        line(
          'Migrations',
          `${migrations.applied.length > 0 ? `applied ${migrations.applied.join(', ')}` : 'up to date'}${migrations.seeded ? '; seed.sql loaded' : ''}`,
        ),
        ...(migrations.changedSinceApplied.length > 0
          ? [
              `${' '.repeat(2 + labelWidth)}Warning: this database was built from migrations that have since changed or gone (${migrations.changedSinceApplied.join(', ')}); reset it to rebuild it from the files.`,
            ]
          : []),
        line(
          'Accounts',
          accounts.length > 0 ? accounts.map((account) => account.email).join(', ') : 'none yet',
        ),
        ...(accountsNote ? [`${' '.repeat(2 + labelWidth)}(${accountsNote})`] : []),
        '',
      ].join('\n'),
    );
  } catch (error) {
    if (error instanceof BackendStartError) {
      console.error(`Local backend: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
