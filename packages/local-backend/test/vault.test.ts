import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_SECRET_KEY } from '../src/keys';
import { fixtureSupabaseDir, startTestBackend, type TestBackend } from '../src/testing';
import { database } from './shared';

interface DecryptedSecret {
  name: string | null;
  description: string;
  decrypted_secret: string;
  created_at: Date;
  updated_at: Date;
}

const uniqueName = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

describe('Supabase Vault in the backend', () => {
  const db = database();
  afterAll(async () => {
    await db.end();
  });

  /** Runs `work` in a transaction as `role`, then rolls it back (nothing it did is kept). */
  async function asRole<T>(role: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await db.connect();
    try {
      await client.query('begin');
      await client.query(`set local role ${role}`);
      return await work(client);
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  }

  async function secretNamed(name: string): Promise<DecryptedSecret | undefined> {
    const { rows } = await db.query<DecryptedSecret>(
      `select name, description, decrypted_secret, created_at, updated_at
         from vault.decrypted_secrets where name = $1`,
      [name],
    );
    return rows[0];
  }

  it('is installed in schema vault before any migration, as on hosted Supabase', async () => {
    const { rows } = await db.query(
      `select n.nspname as schema, e.extversion as version
         from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'supabase_vault'`,
    );
    expect(rows).toEqual([{ schema: 'vault', version: '0.3.1' }]);
    // What a project's migration may still say finds it there.
    await expect(
      db.query('create extension if not exists supabase_vault with schema vault'),
    ).resolves.toBeDefined();
  });

  it('round-trips secrets through create_secret, update_secret and decrypted_secrets', async () => {
    const name = uniqueName('project_url');
    const renamed = uniqueName('renamed');
    try {
      const { rows } = await db.query<{ id: string }>(
        "select vault.create_secret('http://127.0.0.1:54321', $1, 'Where the functions are') as id",
        [name],
      );
      const id = rows[0]?.id as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await secretNamed(name)).toMatchObject({
        name,
        description: 'Where the functions are',
        decrypted_secret: 'http://127.0.0.1:54321',
      });

      await db.query("select vault.update_secret($1, 'https://example.supabase.co')", [id]);
      const updated = await secretNamed(name);
      expect(updated).toMatchObject({
        description: 'Where the functions are',
        decrypted_secret: 'https://example.supabase.co',
      });
      expect(updated?.updated_at.getTime()).toBeGreaterThanOrEqual(
        updated?.created_at.getTime() ?? Infinity,
      );

      await db.query('select vault.update_secret($1, new_name := $2, new_description := $3)', [
        id,
        renamed,
        'Moved',
      ]);
      expect(await secretNamed(name)).toBeUndefined();
      expect(await secretNamed(renamed)).toMatchObject({
        description: 'Moved',
        decrypted_secret: 'https://example.supabase.co',
      });

      await expect(db.query("select vault.create_secret('other', $1)", [renamed])).rejects.toThrow(
        'duplicate key value violates unique constraint "secrets_name_idx"',
      );
      const { rows: unnamed } = await db.query<{ id: string }>(
        "select vault.create_secret('no name needed') as id",
      );
      await db.query('delete from vault.secrets where id = $1', [unnamed[0]?.id]);
    } finally {
      await db.query('delete from vault.secrets where name = any($1)', [[name, renamed]]);
    }
  });

  it('refuses anon and authenticated everything in the vault schema', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [
        'select decrypted_secret from vault.decrypted_secrets',
        'select secret from vault.secrets',
        "select vault.create_secret('mine now')",
        "select vault.update_secret(gen_random_uuid(), 'mine now')",
      ]) {
        await expect(
          asRole(role, (client) => client.query(sql)),
          `${role}: ${sql}`,
        ).rejects.toThrow('permission denied for schema vault');
      }
    }
  });

  it('lets service_role read, create and delete secrets, but not write the table directly', async () => {
    const name = uniqueName('service');
    const read = await asRole('service_role', async (client) => {
      await client.query("select vault.create_secret('from the service', $1)", [name]);
      const { rows } = await client.query<{ decrypted_secret: string }>(
        'select decrypted_secret from vault.decrypted_secrets where name = $1',
        [name],
      );
      const { rowCount } = await client.query('delete from vault.secrets where name = $1', [name]);
      return { rows, deleted: rowCount };
    });
    expect(read).toEqual({ rows: [{ decrypted_secret: 'from the service' }], deleted: 1 });

    for (const sql of [
      "insert into vault.secrets (secret) values ('direct')",
      "update vault.secrets set secret = 'direct'",
    ]) {
      await expect(
        asRole('service_role', (client) => client.query(sql)),
        sql,
      ).rejects.toThrow('permission denied for table secrets');
    }
  });
});

describe("config.toml's [db.vault]", () => {
  let instance: TestBackend;
  let db: pg.Pool;

  async function secrets(): Promise<Record<string, string>> {
    const { rows } = await db.query<{ name: string; value: string }>(
      'select name, decrypted_secret as value from vault.decrypted_secrets order by name',
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  }

  beforeAll(async () => {
    const supabaseDir = join(await mkdtemp(join(tmpdir(), 'vault-project-')), 'supabase');
    await cp(fixtureSupabaseDir, supabaseDir, { recursive: true });
    await appendFile(
      join(supabaseDir, 'config.toml'),
      `
[db.vault]
api_url = "env(SUPABASE_URL)"
api_key = "env(SUPABASE_SECRET_KEY)"
from_environment = "env(VAULT_FIXTURE_SOURCE)"
literal = "written in config.toml"
unset = "env(VAULT_FIXTURE_UNSET)"
`,
    );
    // A migration that reads Vault sees the secrets: they are written before the migrations.
    await writeFile(
      join(supabaseDir, 'migrations', '20270101000000_read_vault.sql'),
      `create table public.vault_seen_by_migration as
         select decrypted_secret as api_url from vault.decrypted_secrets where name = 'api_url';`,
    );
    // The backend's own names win over the environment: a job must reach this backend.
    vi.stubEnv('SUPABASE_URL', 'https://elsewhere.invalid');
    vi.stubEnv('VAULT_FIXTURE_SOURCE', 'from the environment');
    vi.stubEnv('VAULT_FIXTURE_UNSET', '');
    instance = await startTestBackend({ supabaseDir });
    await rm(join(supabaseDir, '..'), { recursive: true, force: true });
    db = new pg.Pool({ connectionString: instance.dbUrl, max: 2 });
    // Restarts end its idle connections; the next query opens new ones.
    db.on('error', () => undefined);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await db?.end();
    await instance?.stop();
  });

  it('writes each secret at start, with env(NAME) resolved and the backend filling its own names', async () => {
    expect(await secrets()).toEqual({
      api_url: instance.url,
      api_key: LOCAL_SECRET_KEY,
      from_environment: 'from the environment',
      literal: 'written in config.toml',
    });
    const { rows } = await db.query('select api_url from public.vault_seen_by_migration');
    expect(rows).toEqual([{ api_url: instance.url }]);
  });

  it('replaces a secret at the next start, and leaves one whose variable is unset as it was', async () => {
    const { rows: before } = await db.query<{ id: string }>(
      "select id from vault.secrets where name = 'from_environment'",
    );
    vi.stubEnv('VAULT_FIXTURE_SOURCE', 'changed');
    await db.query("select vault.create_secret('set by an operator', 'unset')");
    await instance.restart();
    expect(await secrets()).toMatchObject({
      from_environment: 'changed',
      unset: 'set by an operator',
    });
    const { rows: after } = await db.query<{ id: string }>(
      "select id from vault.secrets where name = 'from_environment'",
    );
    expect(after).toEqual(before);
  });
});
