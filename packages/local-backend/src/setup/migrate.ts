import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { moveLocalCronJobsSql } from '../cron/pg-cron';
import { applyVaultSecrets } from '../vault/secrets';
import { installVaultSql } from '../vault/supabase-vault';
import { BackendStartError } from '../start-error';

const migrationFile = /^(\d+)_(.*)\.sql$/;

/**
 * What Supabase projects created before the 2026 change had: everything in public granted to the API
 * roles by default, so a table a migration creates is reachable unless the migration revokes.
 */
const legacyDefaultPrivilegesSql = `
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all functions in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
`;

export interface MigrateOptions {
  /** Run supabase/seed.sql (on a new database, or when asked to). */
  seed: boolean;
  /** Whether this start created the database. */
  newDatabase?: boolean;
  /** On a new database, apply Supabase's legacy default privileges before the migrations. */
  legacyDefaultPrivileges?: boolean;
  /** Vault secrets to create or replace before the migrations (config.toml [db.vault], resolved). */
  vaultSecrets?: Record<string, string>;
}

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
  /**
   * Migrations this database applied that have since changed or gone from supabase/migrations (a
   * migration folded into an earlier one, say). The database was built from other SQL than the
   * files now say, and only a reset rebuilds it from them; nothing is applied again by itself.
   */
  changedSinceApplied: string[];
}

/**
 * Brings the database up to date: the Supabase bootstrap (idempotent), the move of jobs from the
 * former local_cron_jobs table into pg_cron, Supabase Vault (hosted projects have it) and the
 * secrets of [db.vault] (before the migrations, as the CLI writes them), the legacy default
 * privileges when asked for on a new database, then every migration not yet recorded in
 * supabase_migrations.schema_migrations in version order, each in its own transaction, then seed.sql
 * when the database is new.
 */
export async function migrate(
  pool: pg.Pool,
  supabaseDir: string,
  options: MigrateOptions,
): Promise<MigrationReport> {
  const bootstrap = await readFile(join(import.meta.dirname, 'bootstrap.sql'), 'utf8');
  await runScript(pool, bootstrap, 'the Supabase bootstrap');
  await runScript(pool, moveLocalCronJobsSql, 'moving local_cron_jobs into pg_cron');
  await runScript(pool, installVaultSql, 'installing Supabase Vault');
  await applyVaultSecrets(pool, options.vaultSecrets ?? {});
  if (options.legacyDefaultPrivileges && options.newDatabase) {
    await runScript(pool, legacyDefaultPrivilegesSql, 'the legacy default privileges');
  }

  const migrationsDir = join(supabaseDir, 'migrations');
  const files = existsSync(migrationsDir)
    ? (await readdir(migrationsDir)).filter((name) => migrationFile.test(name)).sort()
    : [];
  const { rows } = await pool.query<{
    version: string;
    name: string | null;
    statements: string[] | null;
  }>(
    'select version, name, statements from supabase_migrations.schema_migrations order by version',
  );
  const done = new Set(rows.map((row) => row.version));
  const changedSinceApplied = await migrationsChangedSinceApplied(migrationsDir, files, rows);
  const applied: string[] = [];
  for (const file of files) {
    const [, version = '', name = ''] = migrationFile.exec(file) ?? [];
    if (done.has(version)) continue;
    const sql = await readFile(join(migrationsDir, file), 'utf8');
    await runScript(pool, sql, `migration ${file}`, async (client) => {
      await client.query(
        'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
        [version, [sql], name],
      );
    });
    applied.push(file);
  }

  let seeded = false;
  const seedPath = join(supabaseDir, 'seed.sql');
  if (options.seed && existsSync(seedPath)) {
    const sql = await readFile(seedPath, 'utf8');
    await runScript(pool, sql, 'supabase/seed.sql', async (client) => {
      await client.query(
        'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
        ['seed.sql', createHash('sha256').update(sql).digest('hex')],
      );
    });
    seeded = true;
  }
  // Tell anything caching the schema (the REST layer) to reload it.
  await pool.query("notify pgrst, 'reload schema'");
  return { applied, seeded, changedSinceApplied };
}

/** The recorded migrations whose file is gone or holds other SQL than was applied. */
async function migrationsChangedSinceApplied(
  migrationsDir: string,
  files: string[],
  recorded: { version: string; name: string | null; statements: string[] | null }[],
): Promise<string[]> {
  const fileOf = new Map(files.map((file) => [migrationFile.exec(file)?.[1] ?? '', file]));
  const changed: string[] = [];
  for (const { version, name, statements } of recorded) {
    const file = fileOf.get(version);
    if (file === undefined) {
      changed.push(`${version}_${name ?? ''}.sql (gone)`);
      continue;
    }
    if (statements === null) continue;
    if (statements.join('') !== (await readFile(join(migrationsDir, file), 'utf8'))) {
      changed.push(file);
    }
  }
  return changed;
}

async function runScript(
  pool: pg.Pool,
  sql: string,
  label: string,
  afterwards?: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(sql);
    await afterwards?.(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw new BackendStartError(`${label} failed: ${describeSqlError(error, sql)}`);
  } finally {
    client.release();
  }
}

function describeSqlError(error: unknown, sql: string): string {
  const pgError = error as { message?: string; position?: string };
  const message = pgError.message ?? String(error);
  if (!pgError.position) return message;
  const line = sql.slice(0, Number(pgError.position)).split('\n').length;
  return `${message} (line ${line})`;
}
