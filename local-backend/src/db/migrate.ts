import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { BackendStartError } from './postgres';

const migrationFile = /^(\d+)_(.*)\.sql$/;

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/**
 * Brings the database up to date: the Supabase bootstrap (idempotent), then every migration not yet
 * recorded in supabase_migrations.schema_migrations in version order, each in its own transaction,
 * then seed.sql when the database is new.
 */
export async function migrate(
  pool: pg.Pool,
  supabaseDir: string,
  options: { seed: boolean },
): Promise<MigrationReport> {
  const bootstrap = await readFile(join(import.meta.dirname, 'bootstrap.sql'), 'utf8');
  await runScript(pool, bootstrap, 'the Supabase bootstrap');

  const migrationsDir = join(supabaseDir, 'migrations');
  const files = existsSync(migrationsDir)
    ? (await readdir(migrationsDir)).filter((name) => migrationFile.test(name)).sort()
    : [];
  const { rows } = await pool.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const done = new Set(rows.map((row) => row.version));
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
  return { applied, seeded };
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
