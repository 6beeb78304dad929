/**
 * The LRS's document resources (state, activity profiles, agent profiles), agents and activities
 * over HTTP, as an xAPI client calls them (docs/learning-records.md): each client's reach by scope,
 * round trips, the JSON merge, ETags and the preconditions (a PUT that races another with the same
 * ETag loses), id lists with `since`, and deletes.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectUrl, seeded, signedIn } from './project';

const lrs = `${projectUrl}/functions/v1/xapi`;

interface Client {
  authorization: string;
}

let admin: SupabaseClient;
let client: Client;

async function issueClient(scopes: string[]): Promise<Client> {
  const { data, error } = await admin
    .rpc('create_lrs_client', { name: 'Document test client', scopes })
    .single<{ secret: string; lrs_client: { key: string } }>();
  if (error || !data) throw new Error(`Could not issue an LRS client: ${error?.message}`);
  const pair = `${data.lrs_client.key}:${data.secret}`;
  return { authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
}

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
  client = await issueClient(['all']);
});

function call(
  path: string,
  query: Record<string, unknown>,
  init: { method?: string; body?: string; headers?: Record<string, string>; as?: Client } = {},
): Promise<Response> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    params.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return fetch(`${lrs}/${path}?${params.toString()}`, {
    method: init.method ?? 'GET',
    headers: {
      'X-Experience-API-Version': '1.0.3',
      Authorization: (init.as ?? client).authorization,
      ...init.headers,
    },
    body: init.body,
  });
}

function learner() {
  return { objectType: 'Agent', mbox: `mailto:documents-${randomUUID()}@example.org` };
}

function activity() {
  return `http://localhost:5173/xapi/activities/${randomUUID()}`;
}

const json = { 'Content-Type': 'application/json' };

function sha1(text: string): string {
  return `"${createHash('sha1').update(text).digest('hex')}"`;
}

async function status(response: Response): Promise<number> {
  await response.arrayBuffer();
  return response.status;
}

describe('credentials reach documents by scope', () => {
  it('a client without state is 403 on state; without profile, 403 on both profiles; all/read only reads', async () => {
    const statementsOnly = await issueClient(['statements/read', 'statements/write']);
    const stateOnly = await issueClient(['state']);
    const profileOnly = await issueClient(['profile']);
    const reader = await issueClient(['all/read']);
    const state = { activityId: activity(), agent: learner(), stateId: 'bookmark' };
    const activityProfile = { activityId: activity(), profileId: 'settings' };
    const agentProfile = { agent: learner(), profileId: 'settings' };
    const put = (path: string, query: Record<string, unknown>, as: Client) =>
      call(path, query, {
        method: 'PUT',
        body: '{"a":1}',
        headers: { ...json, 'If-None-Match': '*' },
        as,
      }).then(status);
    const get = (path: string, query: Record<string, unknown>, as: Client) =>
      call(path, query, { as }).then(status);

    expect(await put('activities/state', state, statementsOnly)).toBe(403);
    expect(await put('activities/state', state, profileOnly)).toBe(403);
    expect(await put('activities/state', state, stateOnly)).toBe(204);
    expect(await get('activities/state', state, profileOnly)).toBe(403);
    expect(await get('activities/state', state, stateOnly)).toBe(200);
    for (const [path, query] of [
      ['activities/profile', activityProfile],
      ['agents/profile', agentProfile],
    ] as const) {
      expect(await put(path, query, statementsOnly)).toBe(403);
      expect(await put(path, query, stateOnly)).toBe(403);
      expect(await put(path, query, profileOnly)).toBe(204);
      expect(await get(path, query, stateOnly)).toBe(403);
      expect(await get(path, query, reader)).toBe(200);
      expect(await status(await call(path, query, { method: 'DELETE', as: reader }))).toBe(403);
    }
    expect(await get('activities/state', state, reader)).toBe(200);
    expect(await put('activities/state', state, reader)).toBe(403);
  });

  it('agents and activities need a statement read scope', async () => {
    const stateOnly = await issueClient(['state']);
    const reader = await issueClient(['statements/read']);
    expect(await status(await call('agents', { agent: learner() }, { as: stateOnly }))).toBe(403);
    expect(
      await status(await call('activities', { activityId: activity() }, { as: stateOnly })),
    ).toBe(403);
    expect(await status(await call('agents', { agent: learner() }, { as: reader }))).toBe(200);
    expect(await status(await call('activities', { activityId: activity() }, { as: reader }))).toBe(
      200,
    );
  });
});

describe('the State Resource', () => {
  it('stores a document as sent and answers it with its content type, ETag and Last-Modified; HEAD has no body', async () => {
    const query = { activityId: activity(), agent: learner(), stateId: 'bookmark' };
    const content = 'page=7;\u00e9t\u00e9';
    const put = await call('activities/state', query, {
      method: 'PUT',
      body: content,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
    expect(put.status).toBe(204);
    const got = await call('activities/state', query);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(got.headers.get('etag')).toBe(sha1(content));
    expect(Date.parse(got.headers.get('last-modified') ?? '')).not.toBeNaN();
    expect(await got.text()).toBe(content);
    const head = await call('activities/state', query, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(sha1(content));
    expect(await head.text()).toBe('');
  });

  it('a registration and an agent each name other documents; a PUT without preconditions replaces state', async () => {
    const activityId = activity();
    const agent = learner();
    const registration = randomUUID();
    const base = { activityId, agent, stateId: 'progress' };
    for (const [query, body] of [
      [base, '{"at":"none"}'],
      [{ ...base, registration }, '{"at":"registered"}'],
      [{ ...base, agent: learner() }, '{"at":"other agent"}'],
      [{ ...base, registration }, '{"at":"registered again"}'],
    ] as const) {
      expect(
        await status(await call('activities/state', query, { method: 'PUT', body, headers: json })),
      ).toBe(204);
    }
    expect(await (await call('activities/state', base)).json()).toEqual({ at: 'none' });
    expect(await (await call('activities/state', { ...base, registration })).json()).toEqual({
      at: 'registered again',
    });
  });

  it('lists ids, since a time (exclusive), and per registration; deletes one or every document of the context', async () => {
    const context = { activityId: activity(), agent: learner() };
    const registration = randomUUID();
    const put = (stateId: string, extra: Record<string, unknown> = {}) =>
      call(
        'activities/state',
        { ...context, ...extra, stateId },
        {
          method: 'PUT',
          body: '{}',
          headers: json,
        },
      ).then(status);
    expect(await put('first')).toBe(204);
    expect(await put('second', { registration })).toBe(204);
    const listed = await call('activities/state', context);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    const lastModified = Date.parse(listed.headers.get('last-modified') ?? '');
    expect(lastModified).not.toBeNaN();
    expect(((await listed.json()) as string[]).sort()).toEqual(['first', 'second']);
    expect(await (await call('activities/state', { ...context, registration })).json()).toEqual([
      'second',
    ]);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await put('third')).toBe(204);
    expect(await (await call('activities/state', { ...context, since: between })).json()).toEqual([
      'third',
    ]);

    expect(
      await status(
        await call('activities/state', { ...context, stateId: 'third' }, { method: 'DELETE' }),
      ),
    ).toBe(204);
    expect(await status(await call('activities/state', { ...context, stateId: 'third' }))).toBe(
      404,
    );
    expect(
      await status(
        await call('activities/state', { ...context, registration }, { method: 'DELETE' }),
      ),
    ).toBe(204);
    expect(await (await call('activities/state', context)).json()).toEqual(['first']);
    expect(await status(await call('activities/state', context, { method: 'DELETE' }))).toBe(204);
    expect(await (await call('activities/state', context)).json()).toEqual([]);
  });

  it('keeps documents whose IRIs and ids are long, each its own', async () => {
    // Random, so that no compression brings them under the size of one index entry.
    const long = (length: number) => randomBytes(length).toString('base64url').slice(0, length);
    const query = {
      activityId: `http://localhost:5173/${long(2000)}`,
      agent: { mbox: `mailto:${long(1500)}@example.org` },
      stateId: long(2047),
    };
    for (const ending of ['a', 'b']) {
      const put = await call(
        'activities/state',
        { ...query, stateId: query.stateId + ending },
        { method: 'PUT', body: ending, headers: { 'Content-Type': 'text/plain' } },
      );
      expect(put.status).toBe(204);
    }
    const got = await call('activities/state', { ...query, stateId: `${query.stateId}b` });
    expect(await got.text()).toBe('b');
    const listed = await call('activities/state', {
      activityId: query.activityId,
      agent: query.agent,
    });
    expect(((await listed.json()) as string[]).map((id) => id.slice(-1))).toEqual(['a', 'b']);
    expect(await status(await call('activities/state', { ...query, stateId: long(2049) }))).toBe(
      400,
    );
  });

  it('refuses missing, malformed and unknown parameters with 400', async () => {
    const good = { activityId: activity(), agent: learner(), stateId: 'x' };
    const cases: [string, Record<string, unknown>, string?][] = [
      ['no activityId', { agent: good.agent, stateId: 'x' }],
      ['no agent', { activityId: good.activityId, stateId: 'x' }],
      ['activityId not an IRI', { ...good, activityId: 'not an iri' }],
      ['agent not JSON', { ...good, agent: '{mbox' }],
      ['agent without identifier', { ...good, agent: { name: 'Nobody' } }],
      ['agent a Group', { ...good, agent: { ...good.agent, objectType: 'Group' } }],
      ['mbox not mailto', { ...good, agent: { mbox: 'someone@example.org' } }],
      ['registration not a UUID', { ...good, registration: 'abc' }],
      [
        'since not a timestamp',
        { activityId: good.activityId, agent: good.agent, since: 'yesterday' },
      ],
      ['unknown parameter', { ...good, profileId: 'x' }],
      ['a parameter in another case', { ...good, StateId: 'y' }],
    ];
    for (const [why, query] of cases) {
      expect([why, await status(await call('activities/state', query))]).toEqual([why, 400]);
    }
    const noStateId = { activityId: good.activityId, agent: good.agent };
    for (const method of ['PUT', 'POST']) {
      expect(
        await status(
          await call('activities/state', noStateId, { method, body: '{}', headers: json }),
        ),
      ).toBe(400);
    }
  });
});

describe('the JSON merge (POST)', () => {
  it('merges top-level properties, replacing a nested object whole, and stores a first POST as sent', async () => {
    const query = { activityId: activity(), profileId: 'merged' };
    const post = (body: string) =>
      call('activities/profile', query, { method: 'POST', body, headers: json }).then(status);
    expect(await post('{"x":"foo","y":"bar","nested":{"a":1,"b":2}}')).toBe(204);
    expect(await post('{"x":"bash","z":"faz","nested":{"c":3}}')).toBe(204);
    const got = await call('activities/profile', query);
    expect(await got.json()).toEqual({ x: 'bash', y: 'bar', z: 'faz', nested: { c: 3 } });
  });

  it('is a 400, changing nothing, when either document is not an application/json object', async () => {
    const query = { agent: learner(), profileId: 'merge-refused' };
    const post = (body: string, headers: Record<string, string> = json) =>
      call('agents/profile', query, { method: 'POST', body, headers }).then(status);
    expect(await post('{"kept":true}', { ...json, 'If-None-Match': '*' })).toBe(204);
    expect(await post('{"b":2}', { ...json, 'If-None-Match': '*' })).toBe(412);
    expect(await post('[1,2]')).toBe(400);
    expect(await post('not json')).toBe(400);
    expect(await post('{"a":1}', { 'Content-Type': 'text/plain' })).toBe(400);
    const kept = await call('agents/profile', query);
    expect(await kept.json()).toEqual({ kept: true });

    const plain = { agent: learner(), profileId: 'plain' };
    expect(
      await status(
        await call('agents/profile', plain, {
          method: 'POST',
          body: 'plain text',
          headers: { 'Content-Type': 'text/plain' },
        }),
      ),
    ).toBe(204);
    expect(
      await status(
        await call('agents/profile', plain, { method: 'POST', body: '{"a":1}', headers: json }),
      ),
    ).toBe(400);
    expect(await (await call('agents/profile', plain)).text()).toBe('plain text');

    const fresh = { agent: learner(), profileId: 'fresh' };
    for (const body of ['{"a":1}[', '[1]']) {
      expect(
        await status(await call('agents/profile', fresh, { method: 'POST', body, headers: json })),
      ).toBe(400);
    }
    expect(await status(await call('agents/profile', fresh))).toBe(404);
  });
});

describe('concurrency', () => {
  it('a profile PUT needs If-Match or If-None-Match (400 for a new document, 409 over an existing one); a failed precondition is 412', async () => {
    const query = { activityId: activity(), profileId: 'guarded' };
    const put = (body: string, headers: Record<string, string> = {}) =>
      call('activities/profile', query, { method: 'PUT', body, headers: { ...json, ...headers } });
    const refused = await put('{"v":1}');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/If-Match/);
    expect(await status(await call('activities/profile', query))).toBe(404);
    expect(await status(await put('{"v":1}', { 'If-None-Match': '*' }))).toBe(204);
    const conflict = await put('{"v":2}');
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { error: string }).error).toMatch(/If-Match/);
    expect(await status(await put('{"v":2}', { 'If-None-Match': '*' }))).toBe(412);
    expect(await status(await put('{"v":2}', { 'If-Match': sha1('{"v":0}') }))).toBe(412);
    expect(await (await call('activities/profile', query)).json()).toEqual({ v: 1 });

    const current = (await call('activities/profile', query)).headers.get('etag') ?? '';
    expect(current).toBe(sha1('{"v":1}'));
    expect(await status(await put('{"v":2}', { 'If-Match': current }))).toBe(204);
    expect(await status(await put('{"v":3}', { 'If-Match': current }))).toBe(412);
    expect(await (await call('activities/profile', query)).json()).toEqual({ v: 2 });
    expect(await status(await put('{"v":4}', { 'If-Match': '*' }))).toBe(204);

    const absent = { activityId: activity(), profileId: 'absent' };
    expect(
      await status(
        await call('activities/profile', absent, {
          method: 'PUT',
          body: '{}',
          headers: { ...json, 'If-Match': '*' },
        }),
      ),
    ).toBe(412);
  });

  it('of two PUTs with the same If-Match sent at once, exactly one wins', async () => {
    const query = { agent: learner(), profileId: 'raced' };
    const created = await call('agents/profile', query, {
      method: 'PUT',
      body: '{"writer":"none"}',
      headers: { ...json, 'If-None-Match': '*' },
    });
    expect(created.status).toBe(204);
    const etag = sha1('{"writer":"none"}');
    const writers = ['a', 'b', 'c', 'd'];
    const statuses = await Promise.all(
      writers.map((writer) =>
        call('agents/profile', query, {
          method: 'PUT',
          body: `{"writer":"${writer}"}`,
          headers: { ...json, 'If-Match': etag },
        }).then(status),
      ),
    );
    expect(statuses.filter((code) => code === 204)).toHaveLength(1);
    expect(statuses.filter((code) => code === 412)).toHaveLength(writers.length - 1);
    const winner = writers[statuses.indexOf(204)];
    expect(await (await call('agents/profile', query)).json()).toEqual({ writer: winner });
  });

  it('of two creating PUTs with If-None-Match: * sent at once, exactly one wins', async () => {
    const query = { activityId: activity(), profileId: 'created-once' };
    const statuses = await Promise.all(
      ['a', 'b', 'c'].map((writer) =>
        call('activities/profile', query, {
          method: 'PUT',
          body: `{"writer":"${writer}"}`,
          headers: { ...json, 'If-None-Match': '*' },
        }).then(status),
      ),
    );
    expect(statuses.sort()).toEqual([204, 412, 412]);
  });

  it('a DELETE with a stale If-Match is 412 and deletes nothing', async () => {
    const query = { agent: learner(), profileId: 'kept' };
    const created = await call('agents/profile', query, {
      method: 'PUT',
      body: '{"a":1}',
      headers: { ...json, 'If-None-Match': '*' },
    });
    expect(created.status).toBe(204);
    const stale = await call('agents/profile', query, {
      method: 'DELETE',
      headers: { 'If-Match': sha1('{"a":0}') },
    });
    expect(stale.status).toBe(412);
    expect(await status(await call('agents/profile', query))).toBe(200);
    const fresh = await call('agents/profile', query, {
      method: 'DELETE',
      headers: { 'If-Match': sha1('{"a":1}') },
    });
    expect(fresh.status).toBe(204);
    expect(await status(await call('agents/profile', query))).toBe(404);
  });
});

describe('the profile resources', () => {
  it('list ids with since, and need profileId to write or delete', async () => {
    const agent = learner();
    const put = (profileId: string) =>
      call(
        'agents/profile',
        { agent, profileId },
        { method: 'PUT', body: '{}', headers: { ...json, 'If-None-Match': '*' } },
      ).then(status);
    expect(await put('one')).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await put('two')).toBe(204);
    expect(((await (await call('agents/profile', { agent })).json()) as string[]).sort()).toEqual([
      'one',
      'two',
    ]);
    expect(await (await call('agents/profile', { agent, since: between })).json()).toEqual(['two']);
    expect(await status(await call('agents/profile', { agent }, { method: 'DELETE' }))).toBe(400);
    expect(
      await status(await call('activities/profile', { activityId: activity(), agent }, {})),
    ).toBe(400);
  });
});

describe('the Agents and Activities Resources', () => {
  it('agents answers the Person for the agent given', async () => {
    const response = await call('agents', {
      agent: {
        objectType: 'Agent',
        name: 'Ada',
        account: { homePage: 'https://example.org', name: 'ada' },
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(await response.json()).toEqual({
      objectType: 'Person',
      name: ['Ada'],
      account: [{ homePage: 'https://example.org', name: 'ada' }],
    });
    expect(await status(await call('agents', {}))).toBe(400);
    expect(
      await status(await call('agents', { agent: { mbox: 'mailto:a@example.org' }, x: '1' })),
    ).toBe(400);
  });

  it('activities answers the definitions of the statements about it, merged (every language of the name), or the bare Activity', async () => {
    const activityId = activity();
    expect(await (await call('activities', { activityId })).json()).toEqual({
      objectType: 'Activity',
      id: activityId,
    });
    const definitions = [
      { name: { 'en-GB': 'First name', fr: 'Premier nom' }, description: { 'en-GB': 'Kept' } },
      { name: { 'en-GB': 'Latest name' }, type: 'http://adlnet.gov/expapi/activities/module' },
    ];
    for (const definition of definitions) {
      const stored = await fetch(`${lrs}/statements`, {
        method: 'POST',
        headers: {
          'X-Experience-API-Version': '1.0.3',
          Authorization: client.authorization,
          ...json,
        },
        body: JSON.stringify({
          actor: learner(),
          verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
          object: { id: activityId, definition },
        }),
      });
      expect(stored.status).toBe(200);
    }
    const response = await call('activities', { activityId });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      objectType: 'Activity',
      id: activityId,
      definition: {
        name: { 'en-GB': 'Latest name', fr: 'Premier nom' },
        description: { 'en-GB': 'Kept' },
        type: 'http://adlnet.gov/expapi/activities/module',
      },
    });
    expect(await status(await call('activities', { activityId: 'not an iri' }))).toBe(400);
    expect(
      await status(await call('activities', { activityId }, { method: 'PUT', body: '{}' })),
    ).toBe(405);
  });
});
