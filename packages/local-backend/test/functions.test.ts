import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createFunctionsService, type FunctionsService } from '../src/functions/service';
import type { ApiRequest } from '../src/http/types';
import { signJwt } from '../src/jwt';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { LOCAL_MAIL_API_KEY } from '../src/mail/resend';
import { fixtureSupabaseDir, startTestBackend, type TestBackend } from '../src/testing';
import { anonClient, backendUrl, database, mailboxUrl, serviceClient, uniqueEmail } from './shared';

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

const forgedToken = () =>
  new SignJWT({ role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode('not-the-local-secret-but-just-as-long-as-it'));

async function errorBody(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

describe('edge functions through supabase.functions.invoke', () => {
  it('runs a function with the JSON body, headers, method, sub-path and query string', async () => {
    const { data, error, response } = await anonClient().functions.invoke<Echo>(
      'echo/sub/path?x=1&y=two',
      { body: { hello: 'world', list: [1, 2] }, headers: { 'X-Custom': 'passed through' } },
    );
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo/sub/path',
      query: { x: '1', y: 'two' },
      body: { hello: 'world', list: [1, 2] },
    });
    expect(data?.headers.authorization).toBe(`Bearer ${LOCAL_ANON_KEY}`);
    expect(data?.headers['x-custom']).toBe('passed through');
    expect(data?.headers['content-type']).toBe('application/json');
    expect(response?.headers.get('x-echo')).toBe('yes');
  });

  it("sends the function's own CORS headers instead of the gateway's", async () => {
    const response = await fetch(`${backendUrl}/functions/v1/echo`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:5173', Authorization: `Bearer ${LOCAL_ANON_KEY}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('passes other methods and a signed-in user token through', async () => {
    const client = anonClient();
    const userToken = await signJwt({
      sub: crypto.randomUUID(),
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const { data, error } = await client.functions.invoke<Echo>('echo', {
        method,
        headers: { Authorization: `Bearer ${userToken}` },
      });
      expect(error).toBeNull();
      expect(data?.method).toBe(method);
      expect(data?.headers.authorization).toBe(`Bearer ${userToken}`);
    }
  });

  it('turns a non-2xx answer into FunctionsHttpError with the response readable', async () => {
    const { data, error } = await anonClient().functions.invoke('echo', { body: { status: 422 } });
    expect(data).toBeNull();
    const { status, body } = await errorBody(error);
    expect(status).toBe(422);
    expect(body).toMatchObject({ error: 'asked for 422', method: 'POST' });
  });

  it('rejects a forged token with 401 before a verify_jwt function runs', async () => {
    const { error } = await anonClient().functions.invoke('echo', {
      headers: { Authorization: `Bearer ${await forgedToken()}` },
    });
    expect(await errorBody(error)).toEqual({ status: 401, body: { msg: 'Invalid JWT' } });
  });

  it('rejects a request without any token when verify_jwt is on', async () => {
    const response = await fetch(`${backendUrl}/functions/v1/echo`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('lets anyone call a function with verify_jwt = false', async () => {
    const anonymous = await fetch(`${backendUrl}/functions/v1/public-echo`, { method: 'POST' });
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ public: true, authorization: null });

    const forged = `Bearer ${await forgedToken()}`;
    const { data, error } = await anonClient().functions.invoke('public-echo', {
      headers: { Authorization: forged },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ public: true, authorization: forged });
  });

  it('answers 404 for an unknown function or a name that cannot be one', async () => {
    for (const name of ['no-such-function', '_shared', '9lives']) {
      const { error } = await anonClient().functions.invoke(name);
      expect(await errorBody(error)).toEqual({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Function not found' },
      });
    }
  });

  it('answers 500 JSON when the handler throws, and the worker keeps serving', async () => {
    const client = anonClient();
    const before = await client.functions.invoke<{ pid: number }>('crash');
    const { error } = await client.functions.invoke('crash?mode=throw');
    const { status, body } = await errorBody(error);
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'WORKER_ERROR', error: 'Error: thrown on purpose' });
    const after = await client.functions.invoke<{ pid: number }>('crash');
    expect(after.data?.pid).toBe(before.data?.pid);
  });

  it('answers 500 JSON when the worker process dies, and starts a new one next time', async () => {
    const client = anonClient();
    const before = await client.functions.invoke<{ pid: number }>('crash');
    const { error } = await client.functions.invoke('crash?mode=exit');
    const { status, body } = await errorBody(error);
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'WORKER_ERROR' });
    const after = await client.functions.invoke<{ pid: number }>('crash');
    expect(after.error).toBeNull();
    expect(after.data?.pid).toEqual(expect.any(Number));
    expect(after.data?.pid).not.toBe(before.data?.pid);
  });

  it('answers 500 JSON without a stack trace when the function fails to load', async () => {
    const { error } = await anonClient().functions.invoke('broken');
    const { status, body } = await errorBody(error);
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'BOOT_ERROR', error: 'broken on purpose' });
    expect(JSON.stringify(body)).not.toMatch(/\bat (file|async)\b/);
  });

  it("gives the function the platform variables, the mail defaults and config.toml's secrets", async () => {
    const { data, error } = await anonClient().functions.invoke('env');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      SUPABASE_URL: backendUrl,
      SITE_URL: 'http://localhost:5173',
      MAIL_API_URL: `${mailboxUrl}/api/resend/emails`,
      MAIL_API_KEY: LOCAL_MAIL_API_KEY,
      MAIL_FROM: 'Local Mail <no-reply@localhost>',
      MAILBOX_URL: null,
      FIXTURE_CONFIG_SECRET: 'from config.toml',
      FIXTURE_OVERRIDDEN: 'from config.toml',
      hasAnonKey: true,
      hasServiceRoleKey: true,
    });
    expect(data.SUPABASE_DB_URL).toMatch(
      /^postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres$/,
    );
  });

  it("lets a function use npm:@supabase/supabase-js to call back with the service key, and send mail through Resend's API shape", async () => {
    const to = uniqueEmail('from-function');
    const { data, error } = await serviceClient().functions.invoke<{
      echoed: { authorization: string };
      mail: { status: number; body: { id: string } };
    }>('callback', { body: { to } });
    expect(error).toBeNull();
    expect(data?.echoed.authorization).toBe(`Bearer ${LOCAL_SERVICE_ROLE_KEY}`);
    expect(data?.mail).toEqual({ status: 200, body: { id: expect.any(String) } });

    const search = await fetch(
      `${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`,
    );
    const found = (await search.json()) as { messages: { ID: string; Subject: string }[] };
    expect(found.messages).toEqual([
      expect.objectContaining({
        ID: data?.mail.body.id,
        Subject: 'Sent from an edge function',
        From: { Name: 'Local Mail', Address: 'no-reply@localhost' },
      }),
    ]);
  });

  it('passes a preflight to the function, which answers it with its own headers and no token', async () => {
    const response = await fetch(`${backendUrl}/functions/v1/preflight`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-fixture-header',
      },
    });
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-origin': 'https://app.fixture.test',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'x-fixture-header',
      'access-control-max-age': '17',
      'x-preflight-answered-by': 'function',
    });
    // Nothing of the gateway's own preflight answer is added.
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-expose-headers')).toBeNull();
  });

  it("passes on the function's refusal of a preflight", async () => {
    const response = await fetch(`${backendUrl}/functions/v1/preflight/refuse`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('x-preflight-answered-by')).toBe('function');
    expect(await response.text()).toBe('preflight refused by the function');
  });
});

describe('edge functions with their own backend', () => {
  let instance: TestBackend;

  beforeAll(async () => {
    instance = await startTestBackend();
  });
  afterAll(async () => {
    await instance.stop();
  });

  afterEach(async () => {
    await rm(join(instance.supabaseDir, 'functions', '.env'), { force: true });
  });

  const env = async () => {
    const { data, error } = await instance.anonClient().functions.invoke('env');
    expect(error).toBeNull();
    return data as Record<string, unknown>;
  };

  it('reads supabase/functions/.env and restarts the worker when the sources change', async () => {
    const dotEnv = join(instance.supabaseDir, 'functions', '.env');
    await writeFile(
      dotEnv,
      '# local secrets\nFIXTURE_SECRET="first value"\nSUPABASE_URL=http://elsewhere\n',
    );
    expect(await env()).toMatchObject({
      FIXTURE_SECRET: 'first value',
      SUPABASE_URL: instance.url,
    });

    await writeFile(dotEnv, 'FIXTURE_SECRET=second # a comment\n');
    expect(await env()).toMatchObject({ FIXTURE_SECRET: 'second' });
  });

  it('never passes the error service secret, so that local runs and tests never report', async () => {
    const dotEnv = join(instance.supabaseDir, 'functions', '.env');
    await writeFile(dotEnv, 'SENTRY_DSN=https://key@o1.ingest.example.io/2\nFIXTURE_SECRET=kept\n');
    expect(await env()).toMatchObject({ SENTRY_DSN: null, FIXTURE_SECRET: 'kept' });
  });

  it('layers the defaults, then config.toml [edge_runtime.secrets], then .env', async () => {
    const dotEnv = join(instance.supabaseDir, 'functions', '.env');
    await writeFile(dotEnv, 'FIXTURE_OVERRIDDEN=from .env\nMAIL_FROM=Dot Env <env@example.com>\n');
    expect(await env()).toMatchObject({
      FIXTURE_CONFIG_SECRET: 'from config.toml',
      FIXTURE_OVERRIDDEN: 'from .env',
      MAIL_FROM: 'Dot Env <env@example.com>',
      SITE_URL: 'http://localhost:5173',
    });
  });

  it("unsets a secret set to '' in .env, at the next request, each time it changes", async () => {
    const dotEnv = join(instance.supabaseDir, 'functions', '.env');
    // Each write has the length of the one before: the change must not go unseen for that.
    for (const name of ['SITE_URL', 'MAIL_FROM', 'FIXTURE_CONFIG_SECRET']) {
      await writeFile(dotEnv, `${name}=\n`);
      const values = await env();
      expect(values[name], name).toBeNull();
      await writeFile(dotEnv, `${'#'.repeat(name.length)}=\n`);
      expect((await env())[name], name).not.toBeNull();
    }
  });

  it('reads env(NAME) in [edge_runtime.secrets] at start, and config.toml secrets override the defaults', async () => {
    const configPath = join(instance.supabaseDir, 'config.toml');
    const original = await readFile(configPath, 'utf8');
    process.env.FIXTURE_SECRET_SOURCE = 'from the environment';
    try {
      await writeFile(configPath, `${original}MAIL_FROM = "Configured <configured@example.com>"\n`);
      await instance.restart();
      expect(await env()).toMatchObject({
        FIXTURE_FROM_ENVIRONMENT: 'from the environment',
        MAIL_FROM: 'Configured <configured@example.com>',
        MAIL_API_KEY: LOCAL_MAIL_API_KEY,
      });
    } finally {
      delete process.env.FIXTURE_SECRET_SOURCE;
      await writeFile(configPath, original);
      await instance.restart();
    }
    expect(await env()).toMatchObject({ FIXTURE_FROM_ENVIRONMENT: null });
  });
});

describe('edge function timeouts and shutdown', () => {
  let service: FunctionsService;
  let projectRoot: string;
  const pool = database();

  const request = (path: string, search = ''): ApiRequest => ({
    method: 'GET',
    url: new URL(`http://127.0.0.1/functions/v1${path}${search}`),
    path,
    headers: {},
    bearer: LOCAL_ANON_KEY,
    body: Buffer.alloc(0),
    ip: '127.0.0.1',
  });

  beforeAll(async () => {
    projectRoot = await mkdtemp(join(tmpdir(), 'functions-timeout-'));
    const config = loadConfig({ supabaseDir: fixtureSupabaseDir, projectRoot });
    const log = { info: () => undefined, error: () => undefined };
    const mailer = { send: async () => ({ id: 'unused' }) };
    service = await createFunctionsService(
      { pool, config, log, mailer, mailboxUrl: 'http://127.0.0.1:9' },
      { timeoutMs: 1500 },
    );
  });
  afterAll(async () => {
    await service.close();
    await pool.end();
    await rm(projectRoot, { recursive: true, force: true });
  });

  it('answers 504 when a function does not answer in time, then serves again', async () => {
    const hung = await service.handler(request('/crash', '?mode=hang'));
    expect(hung.status).toBe(504);
    expect(hung.body).toMatchObject({ code: 'WORKER_TIMEOUT' });

    const next = await service.handler(request('/crash'));
    expect(next.status).toBe(200);
  });

  it('stops the worker processes on close', async () => {
    const answer = await service.handler(request('/crash'));
    const { pid } = JSON.parse(String(answer.raw)) as { pid: number };
    expect(() => process.kill(pid, 0)).not.toThrow();
    await service.close();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
