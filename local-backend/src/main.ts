/**
 * `npm run backend`: the local Supabase-compatible backend. `--reset` deletes the database first
 * (`npm run db:reset`), so migrations and the seed run on a new one.
 */
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startBackend } from './backend';
import { loadConfig } from './config';
import { BackendStartError } from './db/postgres';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './keys';

const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false } } });

try {
  if (values.reset) {
    await rm(loadConfig().dataDir, { recursive: true, force: true });
    console.log('Deleted the local database; it is rebuilt from supabase/migrations and seed.sql.');
  }
  const backend = await startBackend({
    log: {
      info: (message) => console.log(message),
      error: (message, error) =>
        console.error(message, error instanceof Error ? error.message : (error ?? '')),
    },
  });
  const { migrations } = backend;
  const { rows: accounts } = await backend.deps.pool.query<{ email: string }>(
    'select email from auth.users order by created_at limit 20',
  );
  console.log(
    [
      '',
      'Local backend is running.',
      `  API URL:      ${backend.apiUrl}`,
      `  DB URL:       ${backend.dbUrl}`,
      `  Mailbox:      ${backend.mailboxUrl}`,
      `  360 player:   ${backend.apiUrl}/player/<code>/`,
      `  anon key:     ${LOCAL_ANON_KEY}`,
      `  service_role: ${LOCAL_SERVICE_ROLE_KEY}`,
      `  Migrations:   ${migrations.applied.length > 0 ? `applied ${migrations.applied.join(', ')}` : 'up to date'}${migrations.seeded ? '; seed.sql loaded' : ''}`,
      `  Accounts:     ${accounts.length > 0 ? accounts.map((account) => account.email).join(', ') : 'none yet'}`,
      '                (seeded passwords: supabase/README.md)',
      '',
    ].join('\n'),
  );
  const shutdown = async () => {
    console.log('\nStopping the local backend…');
    await backend.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
} catch (error) {
  if (error instanceof BackendStartError) {
    console.error(`Local backend: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
