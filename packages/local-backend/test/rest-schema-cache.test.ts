import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { ApiRequest } from '../src/http/types';
import { HttpError } from '../src/http/types';
import { createRestService } from '../src/rest/service';
import { fixtureSupabaseDir } from '../src/testing';
import { anon, db, raw, restFixture, suffix } from './rest-support';
import { database } from './shared';

restFixture({ books: false });

describe('schema cache', () => {
  it("reloads on NOTIFY pgrst, 'reload schema'", async () => {
    const table = `rest_reload_${suffix}`;
    await db.query(`create table public.${table} (id int primary key, label text)`);
    await db.query(`grant select on public.${table} to anon`);
    await db.query(`insert into public.${table} values (1, 'fresh')`);
    try {
      await db.query("notify pgrst, 'reload schema'");
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
        status = (await raw(`/${table}?select=label`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      expect((await anon.from(table).select('label')).data).toEqual([{ label: 'fresh' }]);
    } finally {
      await db.query(`drop table public.${table}`);
      await db.query("notify pgrst, 'reload schema'");
    }
  });

  it('reloads on reloadSchema() and closes its listener', async () => {
    const pool = database();
    const config = loadConfig({ supabaseDir: fixtureSupabaseDir });
    const restService = await createRestService({
      pool,
      config,
      mailer: { send: async () => ({ id: 'unused' }) },
      log: { info: () => undefined, error: () => undefined },
    });
    const table = `rest_direct_${suffix}`;
    const request = (): ApiRequest => ({
      method: 'GET',
      url: new URL(`http://localhost/rest/v1/${table}`),
      path: `/${table}`,
      headers: {},
      bearer: undefined,
      body: Buffer.alloc(0),
      ip: '127.0.0.1',
    });
    try {
      const missing = await restService.handler(request()).catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(HttpError);
      expect((missing as HttpError).status).toBe(404);
      await db.query(`create table public.${table} (id int)`);
      await db.query(`grant select on public.${table} to anon`);
      await restService.reloadSchema();
      const found = await restService.handler(request());
      expect(found.status).toBe(200);
      expect(found.raw).toBe('[]');

      // A table dropped behind a stale cache: Postgres' own 42P01 maps to 404.
      await db.query(`drop table public.${table}`);
      const dropped = await restService.handler(request()).catch((error: unknown) => error);
      expect((dropped as HttpError).status).toBe(404);
      expect((dropped as HttpError).body).toMatchObject({ code: '42P01' });
    } finally {
      await restService.close();
      await db.query(`drop table if exists public.${table}`);
      await pool.end();
    }
  });
});
