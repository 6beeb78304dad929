import { rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../src/backend';
import { BackendStartError } from '../src/start-error';
import { freePort, startTestBackend, type TestBackend } from '../src/testing';

async function query<T extends pg.QueryResultRow>(dbUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('start, restart and migrations', () => {
  let instance: TestBackend;

  beforeAll(async () => {
    instance = await startTestBackend();
  });
  afterAll(async () => {
    await instance.stop();
  });

  it('applies the migrations and the seed on a new database', async () => {
    expect(instance.backend.migrations.applied).toContain('20260101000000_fixture.sql');
    expect(instance.backend.migrations.seeded).toBe(true);
    const [row] = await query<{ count: string }>(
      instance.dbUrl,
      'select count(*) from public.books',
    );
    expect(Number(row?.count)).toBeGreaterThan(0);
  });

  it('keeps data across a restart and does not re-run migrations or the seed', async () => {
    await query(
      instance.dbUrl,
      "insert into public.authors (name) values ('Kept Across Restarts')",
    );
    await instance.restart();
    expect(instance.backend.migrations.applied).toEqual([]);
    expect(instance.backend.migrations.seeded).toBe(false);
    expect(instance.backend.migrations.changedSinceApplied).toEqual([]);
    const rows = await query<{ name: string }>(
      instance.dbUrl,
      "select name from public.authors where name = 'Kept Across Restarts'",
    );
    expect(rows).toHaveLength(1);
  });

  it('applies a new migration file at the next start', async () => {
    await writeFile(
      join(instance.supabaseDir, 'migrations', '20991231000000_added_later.sql'),
      'create table public.added_later (id int primary key);\n',
    );
    await instance.restart();
    expect(instance.backend.migrations.applied).toEqual(['20991231000000_added_later.sql']);
    const rows = await query<{ version: string }>(
      instance.dbUrl,
      "select version from supabase_migrations.schema_migrations where version = '20991231000000'",
    );
    expect(rows).toHaveLength(1);
  });

  it('says which applied migrations have since changed or gone, and applies neither again', async () => {
    const added = join(instance.supabaseDir, 'migrations', '20991231000000_added_later.sql');
    await writeFile(added, 'create table public.added_later (id int primary key, note text);\n');
    await instance.restart();
    expect(instance.backend.migrations.applied).toEqual([]);
    expect(instance.backend.migrations.changedSinceApplied).toEqual([
      '20991231000000_added_later.sql',
    ]);

    await rm(added);
    await instance.restart();
    expect(instance.backend.migrations.changedSinceApplied).toEqual([
      '20991231000000_added_later.sql (gone)',
    ]);
  });

  it('stops with one clear line naming a broken migration, and applies none of it', async () => {
    await writeFile(
      join(instance.supabaseDir, 'migrations', '20991231000001_broken.sql'),
      'create table public.half_done (id int);\nselect no_such_function();\n',
    );
    await instance.backend.stop();
    const attempt = startBackend({
      supabaseDir: instance.supabaseDir,
      dataDir: instance.dataDir,
      apiPort: await freePort(),
      dbPort: await freePort(),
      mailPort: await freePort(),
    });
    await expect(attempt).rejects.toThrow(BackendStartError);
    await expect(attempt).rejects.toThrow(
      /^migration 20991231000001_broken\.sql failed: function no_such_function\(\) does not exist \(line 2\)$/,
    );
    // The instance's own restart brings it back; the broken file stays unapplied.
    await writeFile(
      join(instance.supabaseDir, 'migrations', '20991231000001_broken.sql'),
      'select 1;\n',
    );
    await instance.restart();
    const tables = await query(
      instance.dbUrl,
      "select 1 from pg_tables where tablename = 'half_done'",
    );
    expect(tables).toEqual([]);
  });

  it('says which port is taken when the API port is in use', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const attempt = startBackend({
        supabaseDir: instance.supabaseDir,
        dataDir: instance.dataDir + '-second',
        apiPort: port,
        dbPort: await freePort(),
        mailPort: await freePort(),
      });
      await expect(attempt).rejects.toThrow(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });
});
