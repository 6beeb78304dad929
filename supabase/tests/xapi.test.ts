/**
 * The LRS's HTTP surface, the `xapi` edge function (docs/learning-records.md): the version header,
 * Basic credentials, the Statement Resource's PUT, POST, GET and HEAD as xAPI 1.0.3 describes them,
 * validation, the body limit, and unknown resources. Called as an xAPI client calls it:
 * plain HTTP with Basic credentials and no Supabase API key.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectUrl, seeded, signedIn } from './project';

const lrs = `${projectUrl}/functions/v1/xapi`;
const experienced = 'http://adlnet.gov/expapi/verbs/experienced';

interface Client {
  id: string;
  key: string;
  secret: string;
  authorization: string;
}

let admin: SupabaseClient;
let client: Client;

async function issueClient(scopes: string[]): Promise<Client> {
  const { data, error } = await admin
    .rpc('create_lrs_client', { name: 'HTTP test client', scopes })
    .single<{ secret: string; lrs_client: { id: string; key: string } }>();
  if (error || !data) throw new Error(`Could not issue an LRS client: ${error?.message}`);
  const { id, key } = data.lrs_client;
  const authorization = `Basic ${Buffer.from(`${key}:${data.secret}`).toString('base64')}`;
  return { id, key, secret: data.secret, authorization };
}

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
  client = await issueClient(['all']);
});

function call(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; as?: Client } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    'X-Experience-API-Version': '1.0.3',
    Authorization: (init.as ?? client).authorization,
    ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...init.headers,
  };
  return fetch(`${lrs}/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body:
      init.body === undefined || typeof init.body === 'string'
        ? (init.body as string | undefined)
        : JSON.stringify(init.body),
  });
}

async function errorOf(response: Response): Promise<{ status: number; error: string }> {
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

function learner() {
  return { objectType: 'Agent', mbox: `mailto:http-${randomUUID()}@example.org` };
}

function statement(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    actor: learner(),
    verb: { id: experienced, display: { 'en-GB': 'experienced', fr: 'a vécu' } },
    object: {
      id: `http://localhost:5173/xapi/activities/${randomUUID()}`,
      definition: { name: { 'en-GB': 'A module', fr: 'Un module' } },
    },
    ...overrides,
  };
}

async function post(body: unknown, as?: Client): Promise<string[]> {
  const response = await call('statements', { body, as });
  if (response.status !== 200)
    throw new Error(`POST answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as string[];
}

async function getStatement(id: string, query = ''): Promise<Record<string, unknown>> {
  const response = await call(`statements?statementId=${id}${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('the version header and the resources', () => {
  it('about answers without credentials or a version header', async () => {
    const response = await fetch(`${lrs}/about`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-experience-api-version')).toBe('1.0.3');
    expect(await response.json()).toEqual({ version: ['1.0.3'] });
  });

  it('statements needs a 1.0.x version header: none, 0.9.5 and 1.1.0 are 400; 1.0 and 1.0.0 are not', async () => {
    for (const version of [undefined, '0.9.5', '1.1.0', 'banana']) {
      const response = await fetch(`${lrs}/statements`, {
        headers: {
          Authorization: client.authorization,
          ...(version ? { 'X-Experience-API-Version': version } : {}),
        },
      });
      expect([version, response.status]).toEqual([version, 400]);
      expect(response.headers.get('x-experience-api-version')).toBe('1.0.3');
    }
    for (const version of ['1.0', '1.0.0', '1.0.3']) {
      const response = await call('statements?limit=1', {
        headers: { 'X-Experience-API-Version': version },
      });
      expect([version, response.status]).toEqual([version, 200]);
    }
  });

  it('unknown resources answer 404, after the version header check', async () => {
    for (const path of ['activities/nothing', 'agents/state', 'nothing']) {
      expect((await call(path)).status).toBe(404);
      const withoutVersion = await fetch(`${lrs}/${path}`, {
        headers: { Authorization: client.authorization },
      });
      expect([path, withoutVersion.status]).toEqual([path, 400]);
    }
  });

  it('every statements answer carries Consistent-Through, errors included', async () => {
    for (const response of [
      await call(`statements?statementId=${randomUUID()}`),
      await call('statements?colour=blue'),
      await call('statements', { headers: { Authorization: 'Basic bm86bm8=' } }),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      const through = response.headers.get('x-experience-api-consistent-through') ?? '';
      expect(Date.parse(through)).not.toBeNaN();
    }
  });
});

describe('CORS', () => {
  it("answers the site's preflight itself, with xAPI's headers, and nothing to another origin", async () => {
    const preflight = (origin: string) =>
      fetch(`${lrs}/statements`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'authorization, content-type, x-experience-api-version',
        },
      });
    const site = await preflight('http://localhost:5173');
    expect(site.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(site.headers.get('access-control-allow-headers')).toContain('X-Experience-API-Version');
    expect(site.headers.get('access-control-expose-headers')).toContain(
      'X-Experience-API-Consistent-Through',
    );
    const other = await preflight('https://elsewhere.example.org');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('credentials', () => {
  it('none, a Bearer token, a wrong secret or a revoked client are refused with 401', async () => {
    const revoked = await issueClient(['all']);
    await admin.rpc('revoke_lrs_client', { client_id: revoked.id });
    const wrong = Buffer.from(`${client.key}:${client.secret.replace(/.$/, 'x')}`).toString(
      'base64',
    );
    for (const authorization of [
      '',
      'Bearer something',
      `Basic ${wrong}`,
      'Basic !!!',
      revoked.authorization,
    ]) {
      const response = await call('statements', { headers: { Authorization: authorization } });
      expect([authorization, response.status]).toEqual([authorization, 401]);
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="xAPI"');
    }
  });

  it('a client without the scope is refused with 403', async () => {
    const writer = await issueClient(['statements/write']);
    const reader = await issueClient(['statements/read']);
    expect((await call('statements', { as: writer })).status).toBe(403);
    expect((await call('statements', { as: reader, body: statement() })).status).toBe(403);
  });
});

describe('PUT and POST', () => {
  it('PUT stores under statementId (204); the LRS sets stored, authority, timestamp and version', async () => {
    const id = randomUUID();
    const sent = statement();
    const response = await call(`statements?statementId=${id}`, { method: 'PUT', body: sent });
    expect(response.status).toBe(204);
    expect(response.headers.get('x-experience-api-consistent-through')).not.toBeNull();
    const stored = await getStatement(id);
    expect(stored).toEqual({
      ...sent,
      id,
      stored: expect.any(String),
      timestamp: stored.stored,
      version: '1.0.0',
      authority: {
        objectType: 'Agent',
        name: 'HTTP test client',
        account: { homePage: 'http://localhost:5173/xapi/clients', name: client.key },
      },
    });
  });

  it('PUT again: the same statement is 204, another is 409, and a mismatched id is 400', async () => {
    const id = randomUUID();
    const sent = statement();
    expect((await call(`statements?statementId=${id}`, { method: 'PUT', body: sent })).status).toBe(
      204,
    );
    expect((await call(`statements?statementId=${id}`, { method: 'PUT', body: sent })).status).toBe(
      204,
    );
    const other = { ...sent, verb: { id: 'http://adlnet.gov/expapi/verbs/completed' } };
    expect(
      (await call(`statements?statementId=${id}`, { method: 'PUT', body: other })).status,
    ).toBe(409);
    const mismatched = { ...sent, id: randomUUID() };
    expect(
      await errorOf(
        await call(`statements?statementId=${id}`, { method: 'PUT', body: mismatched }),
      ),
    ).toEqual({
      status: 400,
      error: 'The statement id differs from the statementId parameter.',
    });
    expect((await call('statements', { method: 'PUT', body: sent })).status).toBe(400);
  });

  it('POST stores one or many and answers their ids in order, making ids where absent', async () => {
    const withId = { ...statement(), id: randomUUID() };
    const ids = await post([statement(), withId, statement()]);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(withId.id);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [single] = await post(statement());
    expect((await getStatement(single as string)).id).toBe(single);
  });

  it('single contextActivities are stored as arrays', async () => {
    const parent = { id: 'http://localhost:5173/xapi/activities/course' };
    const [id] = await post(statement({ context: { contextActivities: { parent } } }));
    expect((await getStatement(id as string)).context).toEqual({
      contextActivities: { parent: [parent] },
    });
  });

  it('an invalid statement is a 400 that says what is wrong, and a batch with one stores none', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...statement(), actor: undefined }, 'actor is required'],
      [{ ...statement(), colour: 'blue' }, 'colour'],
      [statement({ actor: { mbox: 'someone@example.org' } }), 'statement.actor.mbox'],
      [statement({ version: '2.0.0' }), 'statement.version'],
      [statement({ verb: { id: 'http://adlnet.gov/expapi/verbs/voided' } }), 'StatementRef'],
    ];
    for (const [invalid, mention] of cases) {
      const { status, error } = await errorOf(await call('statements', { body: invalid }));
      expect(status).toBe(400);
      expect(error).toContain(mention);
    }
    const valid = { ...statement(), id: randomUUID() };
    const response = await call('statements', { body: [valid, { ...statement(), colour: 'red' }] });
    expect(await errorOf(response)).toMatchObject({
      status: 400,
      error: expect.stringContaining('Statement 1'),
    });
    expect((await call(`statements?statementId=${valid.id}`)).status).toBe(404);
  });

  it('refuses a NUL character, a body that is not JSON or not application/json, and an empty batch', async () => {
    const withNul = JSON.stringify(statement({ result: { response: 'a\u0000b' } }));
    expect(withNul).toContain('\\u0000');
    expect((await call('statements', { body: withNul })).status).toBe(400);
    expect((await call('statements', { body: '{"actor":' })).status).toBe(400);
    expect((await call('statements', { body: [] })).status).toBe(400);
    const asText = await call('statements', {
      body: JSON.stringify(statement()),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(asText.status).toBe(400);
  });

  it('refuses JSON nested deeper than 64 levels, however deep, with a 400', async () => {
    const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const withExtension = (depth: number) =>
      JSON.stringify(
        statement({ result: { extensions: { 'http://example.com/deep': '__NESTED__' } } }),
      ).replace('"__NESTED__"', nested(depth));
    // The statement, its result and the extensions are three levels of their own.
    expect((await call('statements', { body: withExtension(61) })).status).toBe(200);
    for (const depth of [62, 150_000]) {
      const response = await call('statements', { body: withExtension(depth) });
      expect(response.status).toBe(400);
    }
  });

  it('a body over 1 MB is 413', async () => {
    const huge = statement({ result: { response: 'x'.repeat(1_100_000) } });
    expect((await call('statements', { body: huge })).status).toBe(413);
  });

  it('a batch that repeats an id is 400', async () => {
    const twice = { ...statement(), id: randomUUID() };
    expect((await call('statements', { body: [twice, twice] })).status).toBe(400);
  });
});

describe('attachments in multipart/mixed', () => {
  const boundary = 'xapi-test-boundary';

  function multipart(
    statements: unknown,
    parts: { sha2?: string; body: string; binary?: boolean }[],
  ) {
    const lines = [
      `--${boundary}`,
      'Content-Type: application/json',
      '',
      JSON.stringify(statements),
    ];
    for (const part of parts) {
      lines.push(`--${boundary}`, 'Content-Type: text/plain');
      if (part.binary !== false) lines.push('Content-Transfer-Encoding: binary');
      if (part.sha2) lines.push(`X-Experience-API-Hash: ${part.sha2}`);
      lines.push('', part.body);
    }
    lines.push(`--${boundary}--`, '');
    return lines.join('\r\n');
  }

  function withAttachment(text: string) {
    const sha2 = createHash('sha256').update(text).digest('hex');
    return {
      sha2,
      statement: statement({
        id: randomUUID(),
        attachments: [
          {
            usageType: 'http://localhost:5173/xapi/attachments/certificate',
            display: { 'en-GB': 'Certificate' },
            contentType: 'text/plain',
            length: Buffer.byteLength(text),
            sha2,
          },
        ],
      }),
    };
  }

  const asMultipart = { 'Content-Type': `multipart/mixed; boundary=${boundary}` };

  it('stores the data with the statement and answers it with attachments=true', async () => {
    const text = `certificate ${randomUUID()}`;
    const { sha2, statement: sent } = withAttachment(text);
    const response = await call('statements', {
      body: multipart(sent, [{ sha2, body: text }]),
      headers: asMultipart,
    });
    expect(response.status).toBe(200);
    const [id] = (await response.json()) as string[];
    const answer = await call(`statements?statementId=${id}&attachments=true`);
    expect(answer.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary=/);
    const body = await answer.text();
    expect(body).toContain(`"id":"${id}"`);
    expect(body).toContain(`X-Experience-API-Hash: ${sha2}`);
    expect(body).toContain(text);
    const plain = await call(`statements?statementId=${id}`);
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('refuses an attachment without its data, data no attachment names, and parts without the headers', async () => {
    const text = `certificate ${randomUUID()}`;
    const { sha2, statement: sent } = withAttachment(text);
    const other = createHash('sha256').update('other').digest('hex');
    for (const body of [
      multipart(sent, []),
      multipart(sent, [
        { sha2, body: text },
        { sha2: other, body: 'other' },
      ]),
      multipart(sent, [{ body: text }]),
      multipart(sent, [{ sha2, body: text, binary: false }]),
      multipart(sent, [{ sha2, body: `${text} changed` }]),
    ]) {
      expect((await call('statements', { body, headers: asMultipart })).status).toBe(400);
    }
    expect((await call('statements', { body: sent })).status).toBe(400);
    expect((await call(`statements?statementId=${String(sent.id)}`)).status).toBe(404);
  });
});

describe('GET and HEAD', () => {
  const actor = learner();
  const registration = randomUUID();
  let ids: string[] = [];

  beforeAll(async () => {
    ids = [];
    for (let index = 0; index < 3; index++) {
      ids.push(...(await post(statement({ actor, context: { registration } }))));
    }
  });

  it('lists by agent and registration, newest first, with Consistent-Through', async () => {
    const agent = encodeURIComponent(JSON.stringify(actor));
    const response = await call(`statements?agent=${agent}&registration=${registration}`);
    expect(response.status).toBe(200);
    expect(
      Date.parse(response.headers.get('x-experience-api-consistent-through') ?? ''),
    ).not.toBeNaN();
    const result = (await response.json()) as { statements: { id: string }[]; more: string };
    expect(result.statements.map((s) => s.id)).toEqual([...ids].reverse());
    expect(result.more).toBe('');
  });

  it('pages with limit and a relative more link', async () => {
    const seen: string[] = [];
    let next = `${lrs}/statements?registration=${registration}&limit=2&ascending=true`;
    for (let pages = 0; next && pages < 5; pages++) {
      const response = await fetch(next, {
        headers: { Authorization: client.authorization, 'X-Experience-API-Version': '1.0.3' },
      });
      const page = (await response.json()) as { statements: { id: string }[]; more: string };
      seen.push(...page.statements.map((s) => s.id));
      if (page.more) expect(page.more).toMatch(/^\/functions\/v1\/xapi\/statements\?/);
      next = page.more ? `${projectUrl}${page.more}` : '';
    }
    expect(seen).toEqual(ids);
  });

  it('format=ids keeps only identifiers; canonical keeps one language by Accept-Language', async () => {
    const id = ids[0] as string;
    const idsOnly = await getStatement(id, '&format=ids');
    expect(idsOnly.actor).toEqual(actor);
    expect(idsOnly.verb).toEqual({ id: experienced });
    expect(Object.keys(idsOnly.object as object)).toEqual(['id']);
    const response = await call(`statements?statementId=${id}&format=canonical`, {
      headers: { 'Accept-Language': 'fr;q=0.9, en;q=0.5' },
    });
    const canonical = (await response.json()) as {
      verb: { display: object };
      object: { definition: { name: object } };
    };
    expect(canonical.verb.display).toEqual({ fr: 'a vécu' });
    expect(canonical.object.definition.name).toEqual({ fr: 'Un module' });
  });

  it('a single statement carries Last-Modified; an unknown one is 404', async () => {
    const response = await call(`statements?statementId=${ids[0]}`);
    expect(response.headers.get('last-modified')).toMatch(/GMT$/);
    expect((await call(`statements?statementId=${randomUUID()}`)).status).toBe(404);
  });

  it('HEAD answers as GET does, without a body', async () => {
    const response = await call(`statements?statementId=${ids[0]}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect((await call(`statements?statementId=${randomUUID()}`, { method: 'HEAD' })).status).toBe(
      404,
    );
  });

  it('refuses unknown parameters, a parameter in another case, and statementId with filters', async () => {
    for (const query of [
      'colour=blue',
      'Limit=1',
      `statementId=${ids[0]}&limit=1`,
      `statementId=${ids[0]}&voidedStatementId=${ids[1]}`,
      'since=yesterday',
      'agent=notjson',
      'limit=-1',
    ]) {
      expect([query, (await call(`statements?${query}`)).status]).toEqual([query, 400]);
    }
  });

  it('voiding: the voided statement is 404 by statementId and found by voidedStatementId', async () => {
    const [target] = await post(statement());
    await post(
      statement({
        verb: { id: 'http://adlnet.gov/expapi/verbs/voided' },
        object: { objectType: 'StatementRef', id: target },
      }),
    );
    expect((await call(`statements?statementId=${target}`)).status).toBe(404);
    expect((await call(`statements?voidedStatementId=${target}`)).status).toBe(200);
  });

  it('the alternate request syntax: a form POST with method=GET', async () => {
    const form = new URLSearchParams({
      statementId: ids[0] as string,
      Authorization: client.authorization,
      'X-Experience-API-Version': '1.0.3',
    });
    const response = await fetch(`${lrs}/statements?method=GET`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(ids[0]);
  });

  it('attachments=true answers multipart/mixed with the statements as its JSON part', async () => {
    const response = await call(`statements?statementId=${ids[0]}&attachments=true`);
    expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary=/);
    expect(await response.text()).toContain(`"id":"${ids[0]}"`);
  });
});
