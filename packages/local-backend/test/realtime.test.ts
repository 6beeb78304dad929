import { randomUUID } from 'node:crypto';
import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt';
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY, LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { clientFor, startTestBackend } from '../src/testing';
import { backendUrl, database, uniqueEmail } from './shared';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

const db = database();
const clients: SupabaseClient[] = [];
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) {
    await client.removeAllChannels();
    await client.realtime.disconnect();
  }
  for (const socket of sockets.splice(0)) socket.terminate();
});

afterAll(async () => {
  await db.end();
});

const socketUrl = (query: string) =>
  `${backendUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`;

/** Waits (briefly, by polling) until a condition holds. */
async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A supabase-js client whose realtime identity is `token` (the anon key when none). */
async function realtimeClient(token?: string, key = LOCAL_ANON_KEY): Promise<SupabaseClient> {
  const client = clientFor(backendUrl, key);
  clients.push(client);
  if (token) await client.realtime.setAuth(token);
  return client;
}

/** Subscribes and resolves once the server confirmed the bindings (SUBSCRIBED). */
function subscribed(channel: RealtimeChannel, statuses: string[] = []): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
      else reject(new Error(`${status}: ${error?.message ?? ''}`));
    });
  });
}

interface TestUser {
  id: string;
  email: string;
  token: string;
}

async function tokenFor(user: { id: string; email: string }, expiresIn = 3600): Promise<string> {
  return signJwt({
    sub: user.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: user.email,
    session_id: randomUUID(),
    exp: Math.floor(Date.now() / 1000) + expiresIn,
  });
}

async function createUser(): Promise<TestUser> {
  const id = randomUUID();
  const email = uniqueEmail('realtime');
  await db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at)
     values ($1, 'authenticated', 'authenticated', $2, now())`,
    [id, email],
  );
  return { id, email, token: await tokenFor({ id, email }) };
}

async function addNote(userId: string, body: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into public.notes (user_id, body) values ($1, $2) returning id',
    [userId, body],
  );
  return (rows[0] as { id: string }).id;
}

async function addSample(values: Row): Promise<number> {
  const columns = Object.keys(values);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.realtime_samples (${columns.join(', ')})
     values (${columns.map((_, index) => `$${index + 1}`).join(', ')}) returning id`,
    Object.values(values),
  );
  return Number((rows[0] as { id: string }).id);
}

function uniqueLabel(): string {
  return `sample-${randomUUID()}`;
}

/** A raw websocket whose incoming frames are collected, for asserting the wire itself. */
async function rawSocket(query: string): Promise<{ socket: WebSocket; frames: unknown[] }> {
  const socket = new WebSocket(socketUrl(query));
  sockets.push(socket);
  const frames: unknown[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, frames };
}

/** The refused upgrade's status and JSON body. */
function refusal(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      socket.terminate();
      reject(new Error('the upgrade was accepted'));
    });
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        }),
      );
    });
    socket.once('error', () => undefined);
  });
}

describe('realtime websocket protocol', () => {
  it('answers heartbeats and echoes postgres_changes bindings in order with an id each', async () => {
    const { socket, frames } = await rawSocket(`apikey=${LOCAL_ANON_KEY}&vsn=2.0.0`);
    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    await until(() => frames.length === 1, 'the heartbeat reply');
    expect(frames[0]).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);

    const requested = [
      { event: '*', schema: 'public', table: 'books' },
      { event: 'INSERT', schema: 'public', table: 'notes', filter: 'body=eq.hello' },
      { event: 'DELETE', schema: 'public', table: 'books' },
    ];
    socket.send(
      JSON.stringify([
        '2',
        '2',
        'realtime:wire-test',
        'phx_join',
        { config: { postgres_changes: requested }, access_token: LOCAL_ANON_KEY },
      ]),
    );
    await until(() => frames.length === 3, 'the join reply and system message');
    const [joinRef, ref, topic, event, reply] = frames[1] as [string, string, string, string, Row];
    expect([joinRef, ref, topic, event]).toEqual(['2', '2', 'realtime:wire-test', 'phx_reply']);
    expect(reply.status).toBe('ok');
    const echoed = (reply.response as { postgres_changes: Row[] }).postgres_changes;
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(requested);
    for (const binding of echoed) expect(Number.isInteger(binding.id)).toBe(true);
    expect(new Set(echoed.map((binding) => binding.id)).size).toBe(3);
    expect(frames[2]).toEqual([
      '2',
      null,
      'realtime:wire-test',
      'system',
      {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: 'wire-test',
      },
    ]);

    socket.send(JSON.stringify(['2', '3', 'realtime:wire-test', 'phx_leave', {}]));
    await until(() => frames.length === 5, 'the leave reply and phx_close');
    expect(frames[3]).toEqual([
      '2',
      '3',
      'realtime:wire-test',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    expect(frames[4]).toEqual(['2', '2', 'realtime:wire-test', 'phx_close', {}]);

    socket.send(JSON.stringify(['2', '4', 'realtime:wire-test', 'access_token', {}]));
    await until(() => frames.length === 6, 'the reply to a push on a topic not joined');
    expect(frames[5]).toEqual([
      '2',
      '4',
      'realtime:wire-test',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
  });

  it('speaks the vsn 1.0.0 object framing', async () => {
    const { socket, frames } = await rawSocket(`apikey=${LOCAL_PUBLISHABLE_KEY}&vsn=1.0.0`);
    socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7' }));
    socket.send(
      JSON.stringify({
        topic: 'realtime:v1-test',
        event: 'phx_join',
        payload: { config: { postgres_changes: [] } },
        ref: '8',
        join_ref: '8',
      }),
    );
    await until(() => frames.length === 2, 'both replies');
    expect(frames[0]).toMatchObject({
      topic: 'phoenix',
      event: 'phx_reply',
      ref: '7',
      payload: { status: 'ok', response: {} },
    });
    expect(frames[1]).toMatchObject({
      topic: 'realtime:v1-test',
      event: 'phx_reply',
      ref: '8',
      payload: { status: 'ok', response: { postgres_changes: [] } },
    });
  });

  it('refuses an upgrade without a valid API key with hosted JSON errors', async () => {
    expect(await refusal(socketUrl('vsn=2.0.0'))).toEqual({
      status: 401,
      body: { message: 'API key is missing' },
    });
    expect(await refusal(socketUrl('apikey=not-a-key&vsn=2.0.0'))).toEqual({
      status: 401,
      body: { message: 'The token provided is not a valid JWT' },
    });
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-that-is-long-enough-to-sign'));
    expect(await refusal(socketUrl(`apikey=${forged}&vsn=2.0.0`))).toEqual({
      status: 401,
      body: { message: 'Failed to validate JWT signature' },
    });
    const expired = await signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 60 });
    const refused = await refusal(socketUrl(`apikey=${expired}&vsn=2.0.0`));
    expect(refused.status).toBe(401);
    expect((refused.body as { message: string }).message).toMatch(
      /^Token has expired \d+ seconds ago$/,
    );
  });

  it('refuses a join whose token expired, and the client reports CHANNEL_ERROR', async () => {
    const user = await createUser();
    const client = await realtimeClient(await tokenFor(user, -30));
    const error = await new Promise<string>((resolve) => {
      client.channel(`expired-${randomUUID()}`).subscribe((status, reason) => {
        if (status === 'CHANNEL_ERROR') resolve(reason?.message ?? '');
      });
    });
    expect(error).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
  });
});

describe('postgres_changes', () => {
  it('delivers INSERT, UPDATE and DELETE with typed values, hiding columns the role cannot select', async () => {
    const label = uniqueLabel();
    const client = await realtimeClient();
    const changes: Change[] = [];
    const deletes: Change[] = [];
    const channel = client
      .channel(`samples-${label}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'realtime_samples', filter: `label=eq.${label}` },
        (payload) => changes.push(payload),
      )
      .on(
        'postgres_changes',
        { event: 'DELETE', schema: 'public', table: 'realtime_samples' },
        (payload) => deletes.push(payload),
      );
    await subscribed(channel);

    const id = await addSample({
      label,
      amount: '12.50',
      ratio: 0.25,
      flag: true,
      details: { nested: { list: [1, 2] } },
      tags: ['a', 'b c', 'd,e'],
      scores: [3, 1, 2],
      happened_at: '2026-03-04T05:06:07.890Z',
      secret: 'never sent',
    });
    await db.query('update public.realtime_samples set flag = false, amount = 7 where id = $1', [
      id,
    ]);
    await db.query('delete from public.realtime_samples where id = $1', [id]);
    await until(() => deletes.length === 1, 'the delete');

    // A DELETE is filtered on the old row, which without REPLICA IDENTITY FULL is only its key.
    expect(changes.map((change) => change.eventType)).toEqual(['INSERT', 'UPDATE']);
    const [insert, update] = changes as [Change, Change];
    expect(insert).toMatchObject({
      schema: 'public',
      table: 'realtime_samples',
      eventType: 'INSERT',
      errors: null,
      old: {},
    });
    expect(insert.commit_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(insert.new).toEqual({
      id,
      label,
      amount: 12.5,
      ratio: 0.25,
      flag: true,
      details: { nested: { list: [1, 2] } },
      tags: ['a', 'b c', 'd,e'],
      scores: [3, 1, 2],
      happened_at: expect.stringMatching(/^2026-03-04[ T]05:06:07\.89\+00(:00)?$/),
    });
    expect(update.eventType).toBe('UPDATE');
    expect(update.new).toMatchObject({ id, flag: false, amount: 7 });
    expect(update.new).not.toHaveProperty('secret');
    // Without REPLICA IDENTITY FULL only the primary key of the old row is known.
    expect(update.old).toEqual({ id });
    expect(deletes[0]).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
  });

  it('turns array values into JSON arrays, quotes, backslashes and NULL elements included', async () => {
    const label = uniqueLabel();
    const client = await realtimeClient();
    const rows: Row[] = [];
    const channel = client.channel(`arrays-${label}`).on(
      'postgres_changes',
      {
        event: 'INSERT',
        schema: 'public',
        table: 'realtime_samples',
        filter: `label=eq.${label}`,
      },
      (payload) => rows.push(payload.new as Row),
    );
    await subscribed(channel);
    await db.query(
      `insert into public.realtime_samples (label, tags, scores, details)
       values ($1, array['say "hi"', 'back\\slash', null, 'NULL', ''], '{}', 'null')`,
      [label],
    );
    await until(() => rows.length === 1, 'the insert');
    expect(rows[0]).toMatchObject({
      tags: ['say "hi"', 'back\\slash', null, 'NULL', ''],
      scores: [],
      details: null,
      amount: null,
    });
  });

  it('sends every column to service_role', async () => {
    const label = uniqueLabel();
    const client = await realtimeClient(undefined, LOCAL_SERVICE_ROLE_KEY);
    const changes: Change[] = [];
    const channel = client.channel(`service-${label}`).on(
      'postgres_changes',
      {
        event: 'INSERT',
        schema: 'public',
        table: 'realtime_samples',
        filter: `label=eq.${label}`,
      },
      (payload) => changes.push(payload),
    );
    await subscribed(channel);
    await addSample({ label, secret: 'for the service role' });
    await until(() => changes.length === 1, 'the insert');
    expect(changes[0]?.new).toMatchObject({ label, secret: 'for the service role' });
  });

  it('applies eq, neq, lt, lte, gt, gte, in, not. and comma-joined filters', async () => {
    const label = uniqueLabel();
    const client = await realtimeClient();
    const received: Record<string, number[]> = {};
    const filters: Record<string, string> = {
      all: `label=eq.${label}`,
      eq: `label=eq.${label},amount=eq.10`,
      neq: `label=eq.${label},amount=neq.10`,
      lt: `label=eq.${label},amount=lt.10`,
      lte: `label=eq.${label},amount=lte.10`,
      gt: `label=eq.${label},amount=gt.10`,
      gte: `label=eq.${label},amount=gte.10`,
      in: `label=eq.${label},amount=in.(5,20)`,
      notIn: `label=eq.${label},amount=not.in.(5,20)`,
      quoted: `label=in.("${label}","x,y")`,
      time: `label=eq.${label},happened_at=gt.2026-01-01T00:00:00Z`,
    };
    let channel = client.channel(`filters-${label}`);
    for (const [name, filter] of Object.entries(filters)) {
      received[name] = [];
      channel = channel.on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'realtime_samples', filter },
        (payload) => received[name]?.push(Number((payload.new as Row).amount)),
      );
    }
    await subscribed(channel);

    await addSample({ label, amount: 5, happened_at: '2025-06-01T00:00:00Z' });
    await addSample({ label, amount: 10, happened_at: '2026-06-01T00:00:00Z' });
    await addSample({ label, amount: 20 });
    await until(() => received.all?.length === 3, 'the three inserts');

    expect(received).toEqual({
      all: [5, 10, 20],
      eq: [10],
      neq: [5, 20],
      lt: [5],
      lte: [5, 10],
      gt: [20],
      gte: [10, 20],
      in: [5, 20],
      notIn: [10],
      quoted: [5, 10, 20],
      time: [10],
    });
  });

  it("delivers a user's notes to that user only (RLS), with full old rows under REPLICA IDENTITY FULL", async () => {
    const [alice, bob] = await Promise.all([createUser(), createUser()]);
    const aliceChanges: Change[] = [];
    const bobChanges: Change[] = [];
    for (const [user, sink] of [
      [alice, aliceChanges],
      [bob, bobChanges],
    ] as const) {
      const client = await realtimeClient(user.token);
      const channel = client
        .channel(`notes-${user.id}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'notes' }, (payload) =>
          sink.push(payload),
        );
      await subscribed(channel);
    }

    const aliceNote = await addNote(alice.id, 'alice private note');
    const bobNote = await addNote(bob.id, 'bob private note');
    await db.query("update public.notes set body = 'alice edited', done = true where id = $1", [
      aliceNote,
    ]);
    await until(
      () => aliceChanges.some((change) => change.eventType === 'UPDATE'),
      "alice's update",
    );
    await until(
      () => bobChanges.some((change) => (change.new as Row).id === bobNote),
      "bob's own note",
    );

    const mine = (changes: Change[], user: TestUser) =>
      changes.filter(
        (change) => change.eventType !== 'DELETE' && (change.new as Row).user_id === user.id,
      );
    const others = (changes: Change[], user: TestUser) =>
      changes.filter(
        (change) => change.eventType !== 'DELETE' && (change.new as Row).user_id !== user.id,
      );
    expect(others(bobChanges, bob)).toEqual([]);
    expect(others(aliceChanges, alice)).toEqual([]);
    expect(mine(bobChanges, bob).map((change) => (change.new as Row).id)).toEqual([bobNote]);

    const [inserted, updated] = mine(aliceChanges, alice);
    expect(inserted).toMatchObject({
      eventType: 'INSERT',
      new: { id: aliceNote, user_id: alice.id, body: 'alice private note', done: false },
    });
    expect(updated).toMatchObject({
      eventType: 'UPDATE',
      new: { id: aliceNote, body: 'alice edited', done: true },
      old: { id: aliceNote, user_id: alice.id, body: 'alice private note', done: false },
    });

    await db.query('delete from public.notes where id = $1', [aliceNote]);
    await until(() => aliceChanges.some((change) => change.eventType === 'DELETE'), 'the delete');
    // On a table with RLS a DELETE carries only the primary key, whatever the replica identity.
    expect(aliceChanges.find((change) => change.eventType === 'DELETE')?.old).toEqual({
      id: aliceNote,
    });
  });

  it('gives nothing to a role without SELECT on the table, while service_role receives it', async () => {
    const label = uniqueLabel();
    const anonHidden: Change[] = [];
    const anonSamples: Change[] = [];
    const anon = await realtimeClient();
    await subscribed(
      anon
        .channel(`hidden-anon-${label}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'realtime_hidden' },
          (payload) => anonHidden.push(payload),
        )
        .on(
          'postgres_changes',
          {
            event: 'INSERT',
            schema: 'public',
            table: 'realtime_samples',
            filter: `label=eq.${label}`,
          },
          (payload) => anonSamples.push(payload),
        ),
    );
    const serviceHidden: Change[] = [];
    const service = await realtimeClient(undefined, LOCAL_SERVICE_ROLE_KEY);
    await subscribed(
      service
        .channel(`hidden-service-${label}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'realtime_hidden' },
          (payload) => serviceHidden.push(payload),
        ),
    );

    await db.query('insert into public.realtime_hidden (label) values ($1)', [label]);
    await addSample({ label });
    await until(() => anonSamples.length === 1, 'the visible insert');
    await until(
      () => serviceHidden.some((change) => (change.new as Row).label === label),
      'the hidden insert for service_role',
    );
    expect(anonHidden).toEqual([]);
  });

  it('reports a table outside the publication with a system error', async () => {
    const client = await realtimeClient();
    const system: Row[] = [];
    const channel = client
      .channel(`unpublished-${randomUUID()}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'realtime_unpublished' },
        () => undefined,
      )
      .on('system', {}, (payload: Row) => system.push(payload));
    await subscribed(channel);
    await until(() => system.length === 1, 'the system message');
    expect(system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(system[0]?.message).toMatch(/^Unable to subscribe to changes with given parameters/);
  });

  it('moves a live channel to the claims of a refreshed token', async () => {
    const user = await createUser();
    const label = uniqueLabel();
    const client = await realtimeClient();
    const bodies: string[] = [];
    const markers: Row[] = [];
    const channel = client
      .channel(`refresh-${user.id}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notes', filter: `user_id=eq.${user.id}` },
        (payload) => bodies.push(String((payload.new as Row).body)),
      )
      .on(
        'postgres_changes',
        {
          event: 'INSERT',
          schema: 'public',
          table: 'realtime_samples',
          filter: `label=eq.${label}`,
        },
        (payload) => markers.push(payload.new as Row),
      );
    await subscribed(channel);
    const roundTrip = () =>
      new Promise<void>((resolve) => {
        client.realtime.onHeartbeat((status) => {
          if (status === 'ok') resolve();
        });
        void client.realtime.sendHeartbeat();
      });

    // As anon the channel cannot read notes; the sample committed after it shows it was passed over.
    await addNote(user.id, 'while anonymous');
    await addSample({ label });
    await until(() => markers.length === 1, 'the marker row');

    // Messages are handled in order: once the heartbeat is answered the new token is in force.
    await client.realtime.setAuth(user.token);
    await roundTrip();
    await addNote(user.id, 'after signing in');
    await until(() => bodies.length === 1, 'the note after signing in');

    // A freshly minted token for the same user (a refresh) keeps the channel receiving.
    await client.realtime.setAuth(await tokenFor(user, 7200));
    await roundTrip();
    await addNote(user.id, 'after the refresh');
    await until(() => bodies.length === 2, 'the note after the refresh');
    expect(bodies).toEqual(['after signing in', 'after the refresh']);
    expect(channel.state).toBe('joined');
  });

  it('closes a channel whose refreshed token has expired, with a system error first', async () => {
    const user = await createUser();
    const client = await realtimeClient(user.token);
    const statuses: string[] = [];
    const system: Row[] = [];
    const channel = client
      .channel(`expiry-${user.id}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'notes' }, () => undefined)
      .on('system', {}, (payload: Row) => system.push(payload));
    await subscribed(channel, statuses);

    await client.realtime.setAuth(await tokenFor(user, -5));
    await until(() => statuses.includes('CLOSED'), 'the channel to close');
    expect(system.at(-1)).toMatchObject({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
      channel: `expiry-${user.id}`,
    });
  });

  it('closes a channel when its token expires without a refresh', async () => {
    const user = await createUser();
    const client = await realtimeClient(await tokenFor(user, 2));
    const statuses: string[] = [];
    const system: Row[] = [];
    const channel = client
      .channel(`lapse-${user.id}`)
      .on('system', {}, (payload: Row) => system.push(payload));
    await subscribed(channel, statuses);
    await until(() => statuses.includes('CLOSED'), 'the channel to close', 6000);
    expect(system.at(-1)).toMatchObject({ extension: 'system', status: 'error' });
  });

  it('stops delivering to a channel that left', async () => {
    const label = uniqueLabel();
    const client = await realtimeClient();
    const left: number[] = [];
    const stayed: number[] = [];
    const binding = {
      event: 'INSERT',
      schema: 'public',
      table: 'realtime_samples',
      filter: `label=eq.${label}`,
    } as const;
    const leaving = client
      .channel(`leaving-${label}`)
      .on('postgres_changes', binding, (payload) => left.push(Number((payload.new as Row).id)));
    const staying = client
      .channel(`staying-${label}`)
      .on('postgres_changes', binding, (payload) => stayed.push(Number((payload.new as Row).id)));
    await Promise.all([subscribed(leaving), subscribed(staying)]);

    const first = await addSample({ label });
    await until(() => left.length === 1 && stayed.length === 1, 'the first insert on both');
    expect(await client.removeChannel(leaving)).toBe('ok');

    const second = await addSample({ label });
    await until(() => stayed.length === 2, 'the second insert on the channel that stayed');
    expect(stayed).toEqual([first, second]);
    expect(left).toEqual([first]);
  });

  it('works for a client on the vsn 1.0.0 serializer', async () => {
    const label = uniqueLabel();
    const client = createClient(backendUrl, LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never, vsn: '1.0.0' },
    });
    clients.push(client);
    const labels: string[] = [];
    const channel = client.channel(`v1-${label}`).on(
      'postgres_changes',
      {
        event: 'INSERT',
        schema: 'public',
        table: 'realtime_samples',
        filter: `label=eq.${label}`,
      },
      (payload) => labels.push(String((payload.new as Row).label)),
    );
    await subscribed(channel);
    await addSample({ label });
    await until(() => labels.length === 1, 'the insert');
    expect(labels).toEqual([label]);
  });

  it('relays public broadcasts between clients', async () => {
    const topic = `broadcast-${randomUUID()}`;
    const sender = await realtimeClient();
    const receiver = await realtimeClient();
    const messages: Row[] = [];
    const inbound = receiver
      .channel(topic)
      .on('broadcast', { event: 'cursor' }, (payload: Row) => messages.push(payload));
    const outbound = sender.channel(topic, { config: { broadcast: { ack: true } } });
    await Promise.all([subscribed(inbound), subscribed(outbound)]);
    expect(await outbound.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe(
      'ok',
    );
    await until(() => messages.length === 1, 'the broadcast');
    expect(messages[0]).toMatchObject({ type: 'broadcast', event: 'cursor', payload: { x: 1 } });
  });
});

describe('realtime shutdown', () => {
  it('closes open sockets with 1001 and drops its replication slot when the backend stops', async () => {
    const backend = await startTestBackend();
    let slots: number | undefined;
    let closeCode: number | undefined;
    try {
      const socket = new WebSocket(
        `${backend.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${LOCAL_ANON_KEY}&vsn=2.0.0`,
      );
      socket.on('close', (code) => (closeCode = code));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const { rows } = await backend.pool.query<{ count: number }>(
        "select count(*)::int as count from pg_replication_slots where slot_name like 'local_realtime_%'",
      );
      slots = rows[0]?.count;
    } finally {
      await backend.stop();
    }
    expect(slots).toBe(1);
    await until(() => closeCode !== undefined, 'the socket to close');
    expect(closeCode).toBe(1001);
  });
});
