import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installStandInExtension } from '../src/db/stand-in-extension';
import { pgNetStandIn } from '../src/net/pg-net';
import { fixtureSupabaseDir, freePort, startTestBackend, type TestBackend } from '../src/testing';
import { database } from './shared';

interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * An HTTP server that records every request and answers 201 with a JSON body, except under /slow,
 * where it never answers.
 */
async function startRecorder() {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (request.url?.startsWith('/slow')) return;
      response.writeHead(201, { 'Content-Type': 'application/json', 'X-Recorder': 'yes' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The requests whose path starts with `path`. */
    to: (path: string) => received.filter((request) => request.url.startsWith(path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Recorder = Awaited<ReturnType<typeof startRecorder>>;

interface StoredResponse {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

const uniquePath = (label: string) => `/${label}-${randomBytes(4).toString('hex')}`;

/** The worker's record of request `id` in net._http_response, once it is there. */
async function responseTo(db: pg.Pool, id: string): Promise<StoredResponse> {
  return vi.waitFor(
    async () => {
      const { rows } = await db.query<StoredResponse>(
        `select status_code, content_type, headers, content, timed_out, error_msg
           from net._http_response where id = $1`,
        [id],
      );
      if (!rows[0]) throw new Error(`no response to request ${id} yet`);
      return rows[0];
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function requestId(db: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []) {
  const { rows } = await db.query<{ id: string }>(sql, params);
  return rows[0]?.id as string;
}

describe('pg_net in the backend', () => {
  const db = database();
  let recorder: Recorder;

  beforeAll(async () => {
    recorder = await startRecorder();
    await db.query('create extension if not exists pg_net with schema extensions');
  });
  afterAll(async () => {
    await recorder.close();
    await db.end();
  });

  it('sends a committed net.http_post and records the response in net._http_response', async () => {
    const path = uniquePath('post');
    const id = await requestId(
      db,
      `select net.http_post(
         url := $1,
         body := '{"trial": 42}',
         params := '{"q": "a b&c"}',
         headers := '{"Authorization": "Bearer local-secret"}',
         timeout_milliseconds := 2000) as id`,
      [recorder.url + path],
    );

    const response = await responseTo(db, id);
    expect(response).toMatchObject({
      status_code: 201,
      content_type: 'application/json',
      content: '{"received":true}',
      timed_out: false,
      error_msg: null,
    });
    expect(response.headers?.['x-recorder']).toBe('yes');
    const { rows: collected } = await db.query(
      `select (r).status, (r).message, ((r).response).status_code, ((r).response).body
         from net._http_collect_response($1) as r`,
      [id],
    );
    expect(collected).toEqual([
      { status: 'SUCCESS', message: 'ok', status_code: 201, body: '{"received":true}' },
    ]);
    const [sent] = recorder.to(path);
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe(`${path}?q=a%20b%26c`);
    expect(sent?.headers).toMatchObject({
      authorization: 'Bearer local-secret',
      // Added when the headers name no Content-Type, as pg_net does.
      'content-type': 'application/json',
      'user-agent': 'pg_net/0.19.5',
    });
    expect(JSON.parse(sent?.body ?? '')).toEqual({ trial: 42 });
    const { rows: queued } = await db.query('select 1 from net.http_request_queue where id = $1', [
      id,
    ]);
    expect(queued).toEqual([]);
  });

  it('sends net.http_get with its parameters and net.http_delete with its body', async () => {
    const path = uniquePath('get-delete');
    const getId = await requestId(
      db,
      `select net.http_get($1, params := '{"page": "2", "name": "Zoë"}',
                           headers := '{"X-Trace": "t-1"}') as id`,
      [`${recorder.url}${path}/list?sort=asc`],
    );
    const deleteId = await requestId(db, `select net.http_delete($1, body := '{"id": 7}') as id`, [
      `${recorder.url}${path}/item`,
    ]);
    expect((await responseTo(db, getId)).status_code).toBe(201);
    expect((await responseTo(db, deleteId)).status_code).toBe(201);

    const [get] = recorder.to(`${path}/list`);
    expect(get).toMatchObject({
      method: 'GET',
      url: `${path}/list?sort=asc&name=Zo%C3%AB&page=2`,
      body: '',
    });
    expect(get?.headers['x-trace']).toBe('t-1');
    const [deleted] = recorder.to(`${path}/item`);
    expect(deleted?.method).toBe('DELETE');
    expect(JSON.parse(deleted?.body ?? '')).toEqual({ id: 7 });
  });

  it("queues in the caller's transaction: sent once it commits, never if it rolls back", async () => {
    const rolledBack = uniquePath('rolled-back');
    const pending = uniquePath('pending');
    // The suite's pool holds two connections: one for each open transaction in turn, one for the rest.
    const rollingBack = await db.connect();
    try {
      await rollingBack.query('begin');
      await rollingBack.query('select net.http_post($1)', [recorder.url + rolledBack]);
      await rollingBack.query('rollback');
    } finally {
      rollingBack.release();
    }
    const committing = await db.connect();
    try {
      await committing.query('begin');
      const pendingId = await requestId(committing, 'select net.http_post($1) as id', [
        recorder.url + pending,
      ]);

      // A request committed meanwhile is sent; the open and the rolled-back ones are not.
      const marker = uniquePath('marker');
      await responseTo(
        db,
        await requestId(db, 'select net.http_get($1) as id', [recorder.url + marker]),
      );
      expect(recorder.to(marker)).toHaveLength(1);
      expect(recorder.to(pending)).toEqual([]);

      await committing.query('commit');
      expect((await responseTo(db, pendingId)).status_code).toBe(201);
      expect(recorder.to(pending)).toHaveLength(1);
      expect(recorder.to(rolledBack)).toEqual([]);
    } finally {
      committing.release();
    }
  });

  it('records a request that outlives its timeout as timed out', async () => {
    const id = await requestId(db, 'select net.http_get($1, timeout_milliseconds := 300) as id', [
      recorder.url + uniquePath('slow'),
    ]);
    const response = await responseTo(db, id);
    expect(response).toMatchObject({ status_code: null, content: null, timed_out: true });
    expect(response.error_msg).toMatch(/^Timeout of 300 ms reached\. Total time: [\d.]+ ms$/);
  });

  it("records libcurl's error for a server nobody listens on", async () => {
    const id = await requestId(db, 'select net.http_post($1) as id', [
      `http://127.0.0.1:${await freePort()}/nobody-home`,
    ]);
    expect(await responseTo(db, id)).toMatchObject({
      status_code: null,
      timed_out: false,
      error_msg: "Couldn't connect to server",
    });
  });

  it('refuses what pg_net refuses when the request is made', async () => {
    await expect(
      db.query(`select net.http_post($1, headers := '{"Content-Type": "text/plain"}')`, [
        recorder.url,
      ]),
    ).rejects.toThrow('Content-Type header must be "application/json"');
    await expect(db.query("select net.http_get('/relative')")).rejects.toThrow(
      'invalid URL "/relative": Bad scheme',
    );
    await expect(db.query("select net.http_get('localhost:1234')")).rejects.toThrow(
      'invalid URL "localhost:1234": Unsupported URL scheme',
    );
    await expect(db.query('select net.http_get(null)')).rejects.toThrow(
      'null value in column "url"',
    );
  });

  it('deletes responses older than pg_net.ttl (6 hours) when it next reads the queue', async () => {
    // Ids no request has: pg_net's ids count up from 1.
    const expired = -1 - randomBytes(4).readUInt32BE();
    const kept = expired - 1;
    await db.query(
      `insert into net._http_response (id, status_code, created) values
         ($1, 200, now() - interval '6 hours 1 minute'), ($2, 200, now() - interval '5 hours')`,
      [expired, kept],
    );
    try {
      await responseTo(
        db,
        await requestId(db, 'select net.http_get($1) as id', [recorder.url + uniquePath('ttl')]),
      );
      const { rows } = await db.query<{ id: string }>(
        'select id::text from net._http_response where id = any($1) order by id desc',
        [[expired, kept]],
      );
      expect(rows).toEqual([{ id: String(kept) }]);
    } finally {
      await db.query('delete from net._http_response where id = any($1)', [[expired, kept]]);
    }
  });

  it('lets the API roles queue requests, as hosted Supabase grants', async () => {
    const { rows } = await db.query(
      `select role,
              has_schema_privilege(role, 'net', 'usage') as usage,
              has_function_privilege(role,
                'net.http_post(text, jsonb, jsonb, jsonb, integer)', 'execute') as post
         from unnest(array['anon', 'authenticated', 'service_role']) as role order by role`,
    );
    expect(rows).toEqual([
      { role: 'anon', usage: true, post: true },
      { role: 'authenticated', usage: true, post: true },
      { role: 'service_role', usage: true, post: true },
    ]);
    const { rows: extension } = await db.query(
      `select n.nspname as schema, e.extversion as version
         from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_net'`,
    );
    // As with pg_net, the objects live in net whatever schema the extension was created with.
    expect(extension).toEqual([{ schema: 'extensions', version: '0.19.5' }]);

    const path = uniquePath('as-authenticated');
    const client = await db.connect();
    const id = await (async () => {
      try {
        await client.query('begin');
        await client.query('set local role authenticated');
        const queued = await requestId(client, 'select net.http_post($1) as id', [
          recorder.url + path,
        ]);
        await client.query('commit');
        return queued;
      } finally {
        client.release();
      }
    })();
    expect((await responseTo(db, id)).status_code).toBe(201);
    expect(recorder.to(path)).toHaveLength(1);
  });

  it('sends the requests of a pg_cron job that calls net.http_post', async () => {
    const name = `net-job-${randomBytes(4).toString('hex')}`;
    const path = `/${name}`;
    await db.query(
      `select cron.schedule($1::text, '1 seconds', format(
         $job$select net.http_post(url := %L, body := jsonb_build_object('job', %L))$job$,
         $2::text, $1::text))`,
      [name, recorder.url + path],
    );
    try {
      await vi.waitFor(
        () => {
          if (recorder.to(path).length === 0) throw new Error('the job has not called yet');
        },
        { timeout: 10_000, interval: 50 },
      );
      const [sent] = recorder.to(path);
      expect(sent?.method).toBe('POST');
      expect(JSON.parse(sent?.body ?? '')).toEqual({ job: name });
    } finally {
      await db.query('select cron.unschedule($1)', [name]);
    }
  });

  it("shows the worker's connection to net.check_worker_is_up", async () => {
    await expect(db.query('select net.check_worker_is_up()')).resolves.toBeDefined();
  });
});

describe('pg_cron, pg_net and Vault as a Supabase project uses them', () => {
  let recorder: Recorder;
  let supabaseDir: string;
  let instance: TestBackend;
  let db: pg.Pool;

  beforeAll(async () => {
    recorder = await startRecorder();
    supabaseDir = join(await mkdtemp(join(tmpdir(), 'net-project-')), 'supabase');
    await cp(fixtureSupabaseDir, supabaseDir, { recursive: true });
    // Vault is there before the first migration (no create extension), as on hosted Supabase.
    await writeFile(
      join(supabaseDir, 'migrations', '20270101000000_call_function_hourly.sql'),
      `create extension if not exists pg_net with schema extensions;
       create extension if not exists pg_cron with schema pg_catalog;
       select vault.create_secret('local-secret', 'x_secret');
       select cron.schedule('call-x', '1 seconds', $$
         select net.http_post(
           url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                  || '/functions/v1/x',
           headers := jsonb_build_object(
             'Content-Type', 'application/json',
             'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets
                                             where name = 'x_secret')),
           body := '{}'::jsonb)
       $$);`,
    );
    // The URL differs per environment, so the seed stores it.
    const seed = join(supabaseDir, 'seed.sql');
    await writeFile(
      seed,
      `${await readFile(seed, 'utf8')}\nselect vault.create_secret('${recorder.url}', 'project_url');\n`,
    );
    instance = await startTestBackend({ supabaseDir });
    db = new pg.Pool({ connectionString: instance.dbUrl, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await instance?.stop();
    await recorder?.close();
    await rm(join(supabaseDir, '..'), { recursive: true, force: true });
  });

  it('runs the scheduled call with the URL and key read from Vault', async () => {
    await vi.waitFor(
      () => {
        if (recorder.to('/functions/v1/x').length === 0) throw new Error('no call yet');
      },
      { timeout: 10_000, interval: 50 },
    );
    const [call] = recorder.to('/functions/v1/x');
    expect(call).toMatchObject({ method: 'POST', body: '{}' });
    expect(call?.headers).toMatchObject({
      authorization: 'Bearer local-secret',
      'content-type': 'application/json',
    });
    const first = await responseTo(db, '1');
    expect(first).toMatchObject({ status_code: 201, error_msg: null });
  });
});

describe('installing the pg_net stand-in', () => {
  let share: string;
  beforeEach(async () => {
    share = await mkdtemp(join(tmpdir(), 'pg-net-share-'));
    await mkdir(join(share, 'extension'));
  });
  afterEach(async () => {
    await rm(share, { recursive: true, force: true });
  });

  it('writes the control and script files once, and leaves them be afterwards', async () => {
    await installStandInExtension(pgNetStandIn, share);
    const control = join(share, 'extension', 'pg_net.control');
    const script = join(share, 'extension', 'pg_net--0.19.5.sql');
    expect(await readFile(control, 'utf8')).toContain("default_version = '0.19.5'");
    expect(await readFile(script, 'utf8')).toContain(
      'create unlogged table net.http_request_queue',
    );
    const before = [(await stat(control)).mtimeMs, (await stat(script)).mtimeMs];
    await installStandInExtension(pgNetStandIn, share);
    expect([(await stat(control)).mtimeMs, (await stat(script)).mtimeMs]).toEqual(before);
    expect((await readdir(join(share, 'extension'))).sort()).toEqual([
      'pg_net--0.19.5.sql',
      'pg_net.control',
    ]);
  });

  it('leaves a real pg_net alone', async () => {
    const control = join(share, 'extension', 'pg_net.control');
    await writeFile(control, "comment = 'Async HTTP'\n");
    await installStandInExtension(pgNetStandIn, share);
    expect(await readFile(control, 'utf8')).toBe("comment = 'Async HTTP'\n");
    expect(await readdir(join(share, 'extension'))).toEqual(['pg_net.control']);
  });
});
