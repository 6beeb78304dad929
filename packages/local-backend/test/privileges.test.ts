import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBackend, type TestBackend } from '../src/testing';
import { database } from './shared';

interface Reach {
  table: boolean;
  sequence: boolean;
  execute: boolean;
}

// public.notes, public.reviews_id_seq and public.my_notes() come from a fixture migration that
// grants them to authenticated and service_role only, never to anon.
const reachSql = `
  select has_table_privilege('anon', 'public.notes', 'select') as table,
         has_sequence_privilege('anon', 'public.reviews_id_seq', 'usage') as sequence,
         has_function_privilege('anon', 'public.my_notes()', 'execute') as execute`;

async function anonReach(dbUrl: string): Promise<Reach> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query<Reach>(reachSql)).rows[0] as Reach;
  } finally {
    await client.end();
  }
}

describe("Supabase's legacy default privileges", () => {
  let fromEnvironment: TestBackend;
  let optionOff: TestBackend;

  beforeAll(async () => {
    vi.stubEnv('LOCAL_BACKEND_LEGACY_DEFAULT_PRIVILEGES', 'true');
    try {
      [fromEnvironment, optionOff] = await Promise.all([
        startTestBackend(),
        startTestBackend({ legacyDefaultPrivileges: false }),
      ]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
  afterAll(async () => {
    await Promise.all([fromEnvironment?.stop(), optionOff?.stop()]);
  });

  it('grant what a migration creates in public to anon too, when on', async () => {
    expect(await anonReach(fromEnvironment.dbUrl)).toEqual({
      table: true,
      sequence: true,
      execute: true,
    });
    const client = new pg.Client({ connectionString: fromEnvironment.dbUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ acl: string }>(
        `select array_to_string(defaclacl, ',') as acl from pg_default_acl
          where defaclrole = 'postgres'::regrole and defaclnamespace = 'public'::regnamespace
            and defaclobjtype = 'r'`,
      );
      expect(rows[0]?.acl).toMatch(/(^|,)anon=arwdDxtm?\/postgres/);
    } finally {
      await client.end();
    }
  });

  it('are not there without the option (the option wins over the environment)', async () => {
    const off = { table: false, sequence: false, execute: false };
    expect(await anonReach(optionOff.dbUrl)).toEqual(off);
    const shared = database();
    try {
      expect((await shared.query<Reach>(reachSql)).rows[0]).toEqual(off);
    } finally {
      await shared.end();
    }
  });
});
