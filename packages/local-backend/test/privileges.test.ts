import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBackend, type TestBackend } from '../src/testing';
import { defined } from './defined';
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

interface Refusal {
  code: string;
  message: string;
}

/** 'ok', or the SQLSTATE and message of the error; a savepoint keeps the transaction usable. */
async function outcome(
  client: pg.ClientBase,
  sql: string,
  values: unknown[] = [],
): Promise<'ok' | Refusal> {
  await client.query('savepoint attempt');
  try {
    await client.query(sql, values);
    await client.query('release savepoint attempt');
    return 'ok';
  } catch (error) {
    await client.query('rollback to savepoint attempt');
    const { code = '', message } = error as pg.DatabaseError;
    return { code, message };
  }
}

/** Runs `work` in a transaction acting as `role`, then rolls everything back. */
async function asRole<T>(
  pool: pg.Pool,
  role: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local role ${role}`);
    return await work(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/**
 * On hosted Supabase postgres is no superuser (NOSUPERUSER CREATEDB CREATEROLE LOGIN REPLICATION
 * BYPASSRLS). Here it is the cluster's superuser, so a role with those attributes that is a member
 * of postgres stands in for it: it holds exactly what is granted to postgres and to public on the
 * stand-ins, which supabase_admin owns.
 */
const hostedPostgres = 'hosted_postgres';

const deniedCronSchema = { code: '42501', message: 'permission denied for schema cron' };
const deniedVaultSchema = { code: '42501', message: 'permission denied for schema vault' };

describe("pg_cron, pg_net and Vault grant exactly what hosted Supabase's do", () => {
  let instance: TestBackend;
  let db: pg.Pool;
  const jobName = () => `privileges-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    instance = await startTestBackend();
    db = new pg.Pool({ connectionString: instance.dbUrl, max: 2 });
    await db.query(`
      create extension if not exists pg_net with schema extensions;
      do $$
      begin
        if not exists (select from pg_roles where rolname = '${hostedPostgres}') then
          create role ${hostedPostgres} nosuperuser createdb createrole login replication bypassrls;
        end if;
      end
      $$;
      grant postgres to ${hostedPostgres};`);
  });
  afterAll(async () => {
    await db?.end();
    await instance?.stop();
  });

  it('are owned by supabase_admin, postgres holding its grants with grant option', async () => {
    const { rows: owners } = await db.query<{ owner: string }>(
      `select distinct pg_get_userbyid(owner) as owner from (
         select nspowner as owner from pg_namespace where nspname in ('cron', 'net', 'vault')
         union all
         select relowner from pg_class where relnamespace::regnamespace::text in ('cron', 'net', 'vault')
         union all
         select proowner from pg_proc where pronamespace::regnamespace::text in ('cron', 'net', 'vault')
       ) as objects`,
    );
    expect(owners).toEqual([{ owner: 'supabase_admin' }]);

    const { rows: grants } = await db.query(
      `select object, array_agg(privilege_type order by privilege_type) as privileges,
              bool_and(is_grantable) as grantable
         from (select relnamespace::regnamespace || '.' || relname as object, (aclexplode(relacl)).*
                 from pg_class
                where oid in ('cron.job'::regclass, 'cron.job_run_details'::regclass,
                              'vault.secrets'::regclass, 'vault.decrypted_secrets'::regclass)
               union all
               select nspname, (aclexplode(nspacl)).* from pg_namespace
                where nspname in ('cron', 'net', 'vault')) as acl
        where grantee = 'postgres'::regrole
        group by object order by object`,
    );
    expect(grants).toEqual([
      { object: 'cron', privileges: ['USAGE'], grantable: true },
      { object: 'cron.job', privileges: ['SELECT'], grantable: true },
      {
        object: 'cron.job_run_details',
        privileges: ['DELETE', 'INSERT', 'MAINTAIN', 'REFERENCES', 'SELECT', 'TRUNCATE', 'UPDATE'],
        grantable: true,
      },
      { object: 'net', privileges: ['USAGE'], grantable: false },
      { object: 'vault', privileges: ['USAGE'], grantable: true },
      { object: 'vault.decrypted_secrets', privileges: ['DELETE', 'SELECT'], grantable: true },
      { object: 'vault.secrets', privileges: ['DELETE', 'SELECT'], grantable: true },
    ]);
  });

  it('let postgres schedule jobs, call pg_net and keep Vault secrets, as on hosted Supabase', async () => {
    const name = jobName();
    await asRole(db, hostedPostgres, async (client) => {
      for (const [sql, values] of [
        ["select cron.schedule($1, '0 4 * * *', 'select 1')", [name]],
        [
          "select cron.alter_job(jobid, schedule := '0 5 * * *') from cron.job where jobname = $1",
          [name],
        ],
        [
          "select cron.schedule_in_database($1 || '-elsewhere', '@daily', 'select 2', 'postgres')",
          [name],
        ],
        ["select cron.unschedule(cron.schedule('@hourly', 'select 3'))", []],
        ['select cron.unschedule($1)', [name]],
        ['select count(*) from cron.job_run_details', []],
        ['delete from cron.job_run_details where username = current_user', []],
        ["select vault.create_secret('hosted value', $1)", [name]],
        [
          `select vault.update_secret(id, 'changed') from vault.decrypted_secrets
            where name = $1 and decrypted_secret = 'hosted value'`,
          [name],
        ],
        ['delete from vault.secrets where name = $1', [name]],
        [
          `select net.http_post('http://127.0.0.1:9/never-sent', '{}'::jsonb),
                  (select count(*) from net._http_response)`,
          [],
        ],
        ['grant usage on schema cron to service_role', []],
      ] as [string, unknown[]][]) {
        expect(await outcome(client, sql, values), sql).toBe('ok');
      }
      const { rows } = await client.query(
        'select jobname, schedule, username from cron.job where jobname like $1',
        [`${name}%`],
      );
      expect(rows).toEqual([
        { jobname: `${name}-elsewhere`, schedule: '@daily', username: hostedPostgres },
      ]);
    });
  });

  it('refuse postgres what hosted Supabase refuses it, with the same SQLSTATE', async () => {
    const { rows } = await db.query<{ jobid: string }>(
      "select jobid::text from cron.job where jobname = 'fixture-heartbeat'",
    );
    const othersJob = defined(rows[0], "the fixture's job").jobid;
    await asRole(db, hostedPostgres, async (client) => {
      const deniedJob = { code: '42501', message: 'permission denied for table job' };
      const deniedSecrets = { code: '42501', message: 'permission denied for table secrets' };
      for (const [sql, refusal] of [
        ["insert into cron.job (schedule, command) values ('@daily', 'select 1')", deniedJob],
        ['update cron.job set active = false', deniedJob],
        ['delete from cron.job', deniedJob],
        [`select cron.unschedule(${othersJob}::bigint)`, deniedJob],
        [
          `select cron.alter_job(${othersJob}, schedule := '@daily')`,
          { code: 'XX000', message: `Job ${othersJob} does not exist or you don't own it` },
        ],
        [
          "select cron.schedule_in_database('theirs', '@daily', 'select 1', 'postgres', 'postgres')",
          { code: 'XX000', message: 'must be superuser to create a job for another role' },
        ],
        [
          `create trigger no_trigger after insert on cron.job_run_details
             for each row execute function cron.job_cache_invalidate()`,
          { code: '42501', message: 'permission denied for table job_run_details' },
        ],
        ['create table cron.mine (id int)', deniedCronSchema],
        ["insert into vault.secrets (secret) values ('direct')", deniedSecrets],
        ["update vault.secrets set secret = 'direct'", deniedSecrets],
      ] as [string, Refusal][]) {
        expect(await outcome(client, sql), sql).toEqual(refusal);
      }
    });
  });

  it('refuse the API roles pg_cron, and anon and authenticated Vault, as hosted Supabase does', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await asRole(db, role, async (client) => {
        for (const sql of [
          "select cron.schedule('mine', '@daily', 'select 1')",
          "select cron.schedule('@daily', 'select 1')",
          "select cron.unschedule('fixture-heartbeat')",
          "select cron.alter_job(1, schedule := '@daily')",
          'select jobid from cron.job',
          'select runid from cron.job_run_details',
        ]) {
          expect(await outcome(client, sql), `${role}: ${sql}`).toEqual(deniedCronSchema);
        }
        const vault =
          role === 'service_role'
            ? [
                ["select vault.create_secret('from the service')", 'ok'],
                ['select decrypted_secret from vault.decrypted_secrets', 'ok'],
                [
                  "insert into vault.secrets (secret) values ('direct')",
                  { code: '42501', message: 'permission denied for table secrets' },
                ],
              ]
            : [
                ['select decrypted_secret from vault.decrypted_secrets', deniedVaultSchema],
                ["select vault.create_secret('mine now')", deniedVaultSchema],
              ];
        for (const [sql, expected] of vault as [string, 'ok' | Refusal][]) {
          expect(await outcome(client, sql), `${role}: ${sql}`).toEqual(expected);
        }
        // pg_net 0.19.5 keeps public's execute on its functions, and hosted grants usage of net.
        expect(await outcome(client, "select net.http_get('http://127.0.0.1:9/never-sent')")).toBe(
          'ok',
        );
      });
    }
  });

  it("gives the migration back its role: what it creates next is postgres's", async () => {
    const client = new pg.Client({ connectionString: instance.dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('drop extension pg_cron');
      await client.query('create extension pg_cron with schema pg_catalog');
      await client.query('create table public.made_after_pg_cron (id int)');
      const { rows } = await client.query(
        `select current_user as role,
                pg_get_userbyid(relowner) as owner,
                pg_get_userbyid((select nspowner from pg_namespace where nspname = 'cron')) as cron
           from pg_class where oid = 'public.made_after_pg_cron'::regclass`,
      );
      expect(rows).toEqual([{ role: 'postgres', owner: 'postgres', cron: 'supabase_admin' }]);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});
