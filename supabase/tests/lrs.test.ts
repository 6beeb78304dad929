/**
 * The Learning Record Store in the database (docs/learning-records.md): LRS clients (issued by
 * admins at aal2, the secret kept as a hash, revocable, audited), who reaches the service-role
 * functions and the xapi schema, each client's reach by scope, immutability, voiding, the statement
 * filters and paging, and what is refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  database,
  newAdmin,
  newUser,
  seeded,
  serviceClient,
  signedIn,
  signedInAtAal1,
} from './project';
import { lrsClientNameLength, lrsScopes } from '../../src/features/admin/lrsClientLimits';

interface IssuedClient {
  secret: string;
  lrs_client: {
    id: string;
    name: string;
    key: string;
    scopes: string[];
    revoked_at: string | null;
    created_by_email: string | null;
  };
}
type Statement = Record<string, unknown> & { id: string };
interface StatementList {
  statements: Statement[];
  more: string | null;
  consistent_through: string;
}

const voidedVerb = 'http://adlnet.gov/expapi/verbs/voided';
const experiencedVerb = 'http://adlnet.gov/expapi/verbs/experienced';

let admin: SupabaseClient;
const service = serviceClient();

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
});

async function issueClient(scopes: string[], name = 'Test LRS client'): Promise<IssuedClient> {
  const { data, error } = await admin
    .rpc('create_lrs_client', { name, scopes })
    .single<IssuedClient>();
  if (error || !data) throw new Error(`Could not issue an LRS client: ${error?.message}`);
  return data;
}

function authorityOf(client: IssuedClient) {
  return {
    objectType: 'Agent',
    name: client.lrs_client.name,
    account: { homePage: 'http://localhost:5173/xapi/clients', name: client.lrs_client.key },
  };
}

/** A learner no other test uses, so that a filter on them sees only this test's statements. */
function newLearner() {
  return { objectType: 'Agent', mbox: `mailto:learner-${randomUUID()}@example.org` };
}

function statement(overrides: Record<string, unknown> = {}): Statement {
  return {
    id: randomUUID(),
    actor: newLearner(),
    verb: { id: experiencedVerb, display: { 'en-GB': 'experienced' } },
    object: { objectType: 'Activity', id: `http://localhost:5173/xapi/activities/${randomUUID()}` },
    ...overrides,
  };
}

function voiding(targetId: string, overrides: Record<string, unknown> = {}): Statement {
  return statement({
    verb: { id: voidedVerb, display: { 'en-GB': 'voided' } },
    object: { objectType: 'StatementRef', id: targetId },
    ...overrides,
  });
}

function store(client: IssuedClient, statements: Statement[]) {
  return service.rpc('lrs_store_statements', {
    client_id: client.lrs_client.id,
    authority: authorityOf(client),
    statements,
  });
}

async function stored(client: IssuedClient, statements: Statement[]): Promise<string[]> {
  const { data, error } = await store(client, statements);
  if (error) throw new Error(`Could not store statements: ${error.message}`);
  return data as string[];
}

function read(client: IssuedClient, query: Record<string, unknown>) {
  return service.rpc('lrs_statements', { client_id: client.lrs_client.id, query });
}

async function list(client: IssuedClient, query: Record<string, unknown>): Promise<StatementList> {
  const { data, error } = await read(client, query);
  if (error) throw new Error(`Could not read statements: ${error.message}`);
  return data as StatementList;
}

async function single(
  client: IssuedClient,
  query: Record<string, unknown>,
): Promise<Statement | null> {
  const { data, error } = await read(client, query);
  if (error) throw new Error(`Could not read a statement: ${error.message}`);
  return (data as { statement: Statement | null }).statement;
}

async function rowCount(id: string): Promise<number> {
  const { rows } = await database().query<{ count: string }>(
    'select count(*) from xapi.statements where id = $1',
    [id],
  );
  return Number(rows[0]?.count);
}

describe('LRS clients', () => {
  it('an admin at aal2 issues one: the secret once, its SHA-256 stored, scopes in the spec order', async () => {
    const issued = await issueClient(['all/read', 'statements/write', 'statements/write']);
    expect(issued.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.lrs_client).toMatchObject({
      name: 'Test LRS client',
      scopes: ['statements/write', 'all/read'],
      revoked_at: null,
      created_by_email: seeded.admin.email,
    });
    expect(issued.lrs_client.key).toMatch(/^[0-9a-f]{32}$/);
    expect(issued.lrs_client).not.toHaveProperty('secret_hash');
    const { rows } = await database().query<{ secret_hash: string }>(
      'select secret_hash from public.lrs_clients where id = $1',
      [issued.lrs_client.id],
    );
    expect(rows[0]?.secret_hash).toBe(createHash('sha256').update(issued.secret).digest('hex'));
    const { data: listed } = await admin.rpc('admin_lrs_clients');
    const entry = (listed as Record<string, unknown>[]).find(
      (client) => client.id === issued.lrs_client.id,
    );
    expect(entry).toEqual(issued.lrs_client);
    expect(JSON.stringify(listed)).not.toContain(issued.secret);
  });

  it('refuses unknown scopes, no scope and a blank name', async () => {
    for (const [name, scopes, message] of [
      ['Client', ['statements/write', 'statements/delete'], 'Unknown scope: statements/delete'],
      ['Client', [], 'Choose at least one scope'],
      [' ', ['all'], 'Name must be 2 to 200 characters'],
    ] as const) {
      const { error } = await admin.rpc('create_lrs_client', { name, scopes: [...scopes] });
      expect({ code: error?.code, message: error?.message }).toEqual({ code: '22023', message });
    }
  });

  it('admins at aal1 and other users are refused every client function; anon may not call them', async () => {
    const account = await newAdmin('LRS Admin');
    const atAal1 = await signedInAtAal1(account.email);
    const user = await newUser('LRS Outsider');
    const target = await issueClient(['all']);
    const calls = [
      ['create_lrs_client', { name: 'Refused', scopes: ['all'] }],
      ['revoke_lrs_client', { client_id: target.lrs_client.id }],
      ['admin_lrs_clients', {}],
    ] as const;
    for (const [name, args] of calls) {
      const aal1 = await atAal1.rpc(name, args);
      expect([name, aal1.error?.code, aal1.error?.message]).toEqual([
        name,
        '42501',
        'Two-factor authentication required',
      ]);
      const signedInUser = await user.client.rpc(name, args);
      expect([name, signedInUser.error?.code, signedInUser.error?.message]).toEqual([
        name,
        '42501',
        'Admin privileges are required',
      ]);
      expect((await anonClient().rpc(name, args)).error?.code).toBe('42501');
    }
    const atAal2 = await account.client.rpc('admin_lrs_clients');
    expect(atAal2.error).toBeNull();
    const { rows } = await database().query(
      'select revoked_at from public.lrs_clients where id = $1',
      [target.lrs_client.id],
    );
    expect(rows).toEqual([{ revoked_at: null }]);
  });

  it('authenticates by key and secret, and not after revocation (revoking twice is 409)', async () => {
    const issued = await issueClient(['statements/write']);
    const authenticate = (key: string, secret: string) =>
      service.rpc('lrs_authenticate', { key, secret });
    expect((await authenticate(issued.lrs_client.key, issued.secret)).data).toEqual([
      {
        client_id: issued.lrs_client.id,
        client_name: issued.lrs_client.name,
        client_key: issued.lrs_client.key,
        scopes: ['statements/write'],
        authority: null,
        admitted: true,
        request_limit: 12000,
        retry_after: null,
      },
    ]);
    expect((await authenticate(issued.lrs_client.key, `${issued.secret}0`)).data).toEqual([]);
    expect((await authenticate(issued.lrs_client.key, '')).data).toEqual([]);
    const revoked = await admin.rpc('revoke_lrs_client', { client_id: issued.lrs_client.id });
    expect(revoked.error).toBeNull();
    expect((revoked.data as { revoked_at: string | null }[])[0]?.revoked_at).not.toBeNull();
    expect((await authenticate(issued.lrs_client.key, issued.secret)).data).toEqual([]);
    const again = await admin.rpc('revoke_lrs_client', { client_id: issued.lrs_client.id });
    expect(again.error?.code).toBe('PT409');
    const unknown = await admin.rpc('revoke_lrs_client', { client_id: randomUUID() });
    expect(unknown.error?.code).toBe('PT404');
  });

  it('creating and revoking are in the audit log, without the secret', async () => {
    const issued = await issueClient(['all'], 'Audited LRS client');
    await admin.rpc('revoke_lrs_client', { client_id: issued.lrs_client.id });
    const { rows } = await database().query<{ action: string; actor_id: string; details: unknown }>(
      'select action, actor_id, details from public.admin_audit_log where target_id = $1 order by id',
      [issued.lrs_client.id],
    );
    expect(rows.map((row) => [row.action, row.actor_id])).toEqual([
      ['create_lrs_client', seeded.admin.id],
      ['revoke_lrs_client', seeded.admin.id],
    ]);
    expect(rows[0]?.details).toEqual({
      name: 'Audited LRS client',
      key: issued.lrs_client.key,
      scopes: ['all'],
    });
    expect(JSON.stringify(rows)).not.toContain(issued.secret);
  });
});

// The form mirrors these limits (src/features/admin/lrsClientLimits.ts): these fail when either
// side changes without the other.
describe("the LRS client form's limits, as the database holds them", () => {
  it('lists the scopes the function and the table accept, in their order', async () => {
    const { rows } = await database().query<{ names: string[] }>(
      'select private.lrs_scope_names() as names',
    );
    expect(rows[0]?.names).toEqual([...lrsScopes]);
    const issued = await issueClient([...lrsScopes]);
    expect(issued.lrs_client.scopes).toEqual([...lrsScopes]);
    await expect(
      database().query('update public.lrs_clients set scopes = $1 where id = $2', [
        [...lrsScopes, 'statements/delete'],
        issued.lrs_client.id,
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it("takes the form's shortest and longest names (in characters) and refuses one fewer or more", async () => {
    const { min, max } = lrsClientNameLength;
    const refusal = { code: '22023', message: `Name must be ${min} to ${max} characters` };
    for (const name of ['x'.repeat(min), '\u{1F3E5}'.repeat(max)]) {
      const { data, error } = await admin.rpc('create_lrs_client', { name, scopes: ['all'] });
      expect(error).toBeNull();
      expect((data as IssuedClient[])[0]?.lrs_client.name).toBe(name);
    }
    for (const name of ['x'.repeat(min - 1), '\u{1F3E5}'.repeat(max + 1)]) {
      const { error } = await admin.rpc('create_lrs_client', { name, scopes: ['all'] });
      expect({ code: error?.code, message: error?.message }).toEqual(refusal);
    }
    const issued = await issueClient(['all']);
    await expect(
      database().query('update public.lrs_clients set name = $1 where id = $2', [
        'x'.repeat(max + 1),
        issued.lrs_client.id,
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('who reaches the statements', () => {
  it('anon and signed-in users cannot call the service-role functions', async () => {
    const issued = await issueClient(['all']);
    const { client } = await newUser('LRS Caller');
    const calls = [
      ['lrs_authenticate', { key: issued.lrs_client.key, secret: issued.secret }],
      [
        'lrs_store_statements',
        { client_id: issued.lrs_client.id, authority: authorityOf(issued), statements: [] },
      ],
      ['lrs_statements', { client_id: issued.lrs_client.id, query: {} }],
    ] as const;
    for (const [name, args] of calls) {
      for (const caller of [anonClient(), client, admin]) {
        const { error } = await caller.rpc(name, args);
        expect([name, error?.code]).toEqual([name, '42501']);
      }
    }
  });

  it('no API role may enter the xapi schema or read its table, through the API or in SQL', async () => {
    const { client } = await newUser('Schema Reader');
    for (const caller of [anonClient(), client, service]) {
      const { error } = await caller.schema('xapi').from('statements').select('*');
      expect(error?.code).toBe('PGRST106');
    }
    const { rows } = await database().query(
      `select r.role from unnest(array['public', 'anon', 'authenticated', 'service_role']) as r (role)
       where has_schema_privilege(r.role, 'xapi', 'USAGE')
          or has_table_privilege(r.role, 'xapi.statements', 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          or has_sequence_privilege(r.role, 'xapi.statements_seq_seq', 'USAGE, SELECT, UPDATE')`,
    );
    expect(rows).toEqual([]);
  });

  it('a revoked client can neither write nor read', async () => {
    const issued = await issueClient(['all']);
    await admin.rpc('revoke_lrs_client', { client_id: issued.lrs_client.id });
    const written = statement();
    expect((await store(issued, [written])).error?.code).toBe('PT401');
    expect(await rowCount(written.id)).toBe(0);
    expect((await read(issued, {})).error?.code).toBe('PT401');
    expect((await read(issued, { statementId: written.id })).error?.code).toBe('PT401');
  });

  it('a client without a write scope writes nothing; without a read scope reads nothing', async () => {
    const reader = await issueClient(['statements/read']);
    const writer = await issueClient(['statements/write', 'state', 'profile']);
    const refused = statement();
    expect((await store(reader, [refused])).error?.code).toBe('42501');
    expect(await rowCount(refused.id)).toBe(0);
    const [id] = await stored(writer, [statement()]);
    expect((await read(writer, { statementId: id })).error?.code).toBe('42501');
    expect((await read(writer, {})).error?.code).toBe('42501');
    expect((await single(reader, { statementId: id }))?.id).toBe(id);
  });

  it('statements/read/mine reads only what that client stored; all/read reads everything', async () => {
    const mine = await issueClient(['statements/write', 'statements/read/mine']);
    const other = await issueClient(['statements/write']);
    const everything = await issueClient(['all/read']);
    const registration = randomUUID();
    const context = { registration };
    const [ownId] = await stored(mine, [statement({ context })]);
    const [otherId] = await stored(other, [statement({ context })]);
    expect((await list(mine, { registration })).statements.map((s) => s.id)).toEqual([ownId]);
    expect(await single(mine, { statementId: otherId })).toBeNull();
    expect((await single(mine, { statementId: ownId }))?.id).toBe(ownId);
    expect((await list(everything, { registration })).statements.map((s) => s.id)).toEqual([
      otherId,
      ownId,
    ]);
  });
});

describe('storing', () => {
  let client: IssuedClient;
  beforeAll(async () => {
    client = await issueClient(['all']);
  });

  it('sets stored, authority, timestamp (when absent) and version 1.0.0 (when absent); keeps the rest', async () => {
    const withTimestamp = statement({ timestamp: '2026-01-02T03:04:05.678Z', version: '1.0.3' });
    const without = statement();
    const before = Date.now();
    await stored(client, [withTimestamp, without]);
    const first = await single(client, { statementId: withTimestamp.id });
    const second = await single(client, { statementId: without.id });
    expect(first).toEqual({
      ...withTimestamp,
      stored: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      authority: authorityOf(client),
    });
    expect(Date.parse(String(first?.stored))).toBeGreaterThanOrEqual(before - 1000);
    expect(second).toMatchObject({ version: '1.0.0', timestamp: second?.stored });
  });

  it('the same id with the same content is accepted and stored once; other content is 409', async () => {
    const original = statement();
    const [id] = await stored(client, [original]);
    expect(id).toBe(original.id);
    const { data, error } = await store(client, [original]);
    expect(error).toBeNull();
    expect(data).toEqual([original.id]);
    expect(await rowCount(original.id)).toBe(1);
    const changed = { ...original, verb: { id: 'http://adlnet.gov/expapi/verbs/completed' } };
    const conflict = await store(client, [changed]);
    expect(conflict.error?.code).toBe('PT409');
    expect((await single(client, { statementId: original.id }))?.verb).toEqual(original.verb);
    const otherTime = await store(client, [{ ...original, timestamp: '2020-01-01T00:00:00Z' }]);
    expect(otherTime.error?.code).toBe('PT409');
  });

  it('a batch is stored whole or not at all, and may not repeat an id', async () => {
    const existing = statement();
    await stored(client, [existing]);
    const fresh = statement();
    const conflicting = { ...existing, verb: { id: 'http://adlnet.gov/expapi/verbs/failed' } };
    expect((await store(client, [fresh, conflicting])).error?.code).toBe('PT409');
    expect(await rowCount(fresh.id)).toBe(0);
    const twice = statement();
    const repeated = await store(client, [twice, twice]);
    expect(repeated.error?.code).toBe('22023');
    expect(await rowCount(twice.id)).toBe(0);
  });

  it('nobody changes or deletes a stored statement, the table owner included', async () => {
    const [id] = await stored(client, [statement()]);
    for (const sql of [
      `update xapi.statements set statement = statement || '{"verb": {"id": "http://example.org/x"}}' where id = $1`,
      'update xapi.statements set voided = false where id = $1',
      'delete from xapi.statements where id = $1',
    ]) {
      await expect(database().query(sql, [id])).rejects.toThrow('Statements are immutable');
    }
    expect(await rowCount(id as string)).toBe(1);
  });

  it('refuses NUL characters and statements over 1 MB', async () => {
    const withNul = statement({ result: { response: 'before\u0000after' } });
    expect((await store(client, [withNul])).error).not.toBeNull();
    expect(await rowCount(withNul.id)).toBe(0);
    const huge = statement({ result: { response: 'x'.repeat(1_100_000) } });
    const { error } = await store(client, [huge]);
    expect(error?.code).toBe('23514');
    expect(await rowCount(huge.id)).toBe(0);
    const longVerb = statement({ verb: { id: `http://example.org/${'v'.repeat(3000)}` } });
    expect((await store(client, [longVerb])).error?.code).toBe('23514');
  });

  it('refuses a statement without an id, a non-array batch, and an empty batch', async () => {
    const withoutId: Record<string, unknown> = statement();
    delete withoutId.id;
    for (const statements of [[withoutId], statement(), []]) {
      const { error } = await service.rpc('lrs_store_statements', {
        client_id: client.lrs_client.id,
        authority: authorityOf(client),
        statements,
      });
      expect(error?.code).toBe('22023');
    }
  });
});

describe('attachment data', () => {
  let client: IssuedClient;
  beforeAll(async () => {
    client = await issueClient(['all']);
  });

  function withAttachment(sha2: string, extra: Record<string, unknown> = {}): Statement {
    return statement({
      attachments: [
        {
          usageType: 'http://localhost:5173/xapi/attachments/certificate',
          display: { 'en-GB': 'Certificate' },
          contentType: 'text/plain',
          length: 5,
          sha2,
          ...extra,
        },
      ],
    });
  }

  function storeWith(statements: Statement[], attachments: unknown[]) {
    return service.rpc('lrs_store_statements', {
      client_id: client.lrs_client.id,
      authority: authorityOf(client),
      statements,
      attachments,
    });
  }

  it('is kept once by its hash and answered on request', async () => {
    const text = `hello ${randomUUID()}`;
    const sha2 = createHash('sha256').update(text).digest('hex');
    const data = { sha2, contentType: 'text/plain', content: Buffer.from(text).toString('base64') };
    const first = withAttachment(sha2);
    const second = withAttachment(sha2);
    expect((await storeWith([first], [data])).error).toBeNull();
    expect((await storeWith([second], [data])).error).toBeNull();
    const { rows } = await database().query(
      'select content_type, convert_from(content, $2) as text from xapi.attachments where sha2 = $1',
      [sha2, 'UTF8'],
    );
    expect(rows).toEqual([{ content_type: 'text/plain', text }]);
    const { data: answer } = await read(client, { statementId: first.id, attachments: true });
    expect((answer as { attachments: unknown[] }).attachments).toEqual([data]);
    const { data: without } = await read(client, { statementId: first.id });
    expect(without).not.toHaveProperty('attachments');
  });

  it('refuses data that does not match its hash, and an attachment with neither fileUrl nor data', async () => {
    const sha2 = createHash('sha256').update(randomUUID()).digest('hex');
    const wrong = {
      sha2,
      contentType: 'text/plain',
      content: Buffer.from('other').toString('base64'),
    };
    const statementWithData = withAttachment(sha2);
    const mismatch = await storeWith([statementWithData], [wrong]);
    expect(mismatch.error?.code).toBe('22023');
    expect(await rowCount(statementWithData.id)).toBe(0);
    const orphan = withAttachment(createHash('sha256').update(randomUUID()).digest('hex'));
    expect((await storeWith([orphan], [])).error?.code).toBe('22023');
    const byUrl = withAttachment(sha2, { fileUrl: 'https://example.org/certificate.txt' });
    expect((await storeWith([byUrl], [])).error).toBeNull();
  });

  it('nobody changes or removes attachment data', async () => {
    const text = `fixed ${randomUUID()}`;
    const sha2 = createHash('sha256').update(text).digest('hex');
    await storeWith(
      [withAttachment(sha2)],
      [{ sha2, contentType: 'text/plain', content: Buffer.from(text).toString('base64') }],
    );
    for (const sql of [
      `update xapi.attachments set content = 'x' where sha2 = $1`,
      'delete from xapi.attachments where sha2 = $1',
    ]) {
      await expect(database().query(sql, [sha2])).rejects.toThrow('Attachments are immutable');
    }
  });
});

describe('voiding', () => {
  let client: IssuedClient;
  beforeAll(async () => {
    client = await issueClient(['all']);
  });

  it('a voided statement leaves lists and statementId, and is read by voidedStatementId', async () => {
    const registration = randomUUID();
    const target = statement({ context: { registration } });
    await stored(client, [target]);
    const voider = voiding(target.id, { context: { registration } });
    await stored(client, [voider]);
    expect(await single(client, { statementId: target.id })).toBeNull();
    expect((await single(client, { voidedStatementId: target.id }))?.id).toBe(target.id);
    expect(await single(client, { voidedStatementId: voider.id })).toBeNull();
    expect((await single(client, { statementId: voider.id }))?.id).toBe(voider.id);
    expect((await list(client, { registration })).statements.map((s) => s.id)).toEqual([voider.id]);
  });

  it('a voiding statement cannot be voided, and needs a StatementRef', async () => {
    const target = statement();
    const voider = voiding(target.id);
    await stored(client, [target, voider]);
    const second = voiding(voider.id);
    expect((await store(client, [second])).error?.code).toBe('22023');
    expect(await rowCount(second.id)).toBe(0);
    expect((await single(client, { statementId: voider.id }))?.id).toBe(voider.id);
    const notARef = statement({ verb: { id: voidedVerb } });
    expect((await store(client, [notARef])).error?.code).toBe('22023');
  });

  it('a statement voided before it arrives is voided when it does', async () => {
    const late = statement();
    await stored(client, [voiding(late.id)]);
    await stored(client, [late]);
    expect(await single(client, { statementId: late.id })).toBeNull();
    expect((await single(client, { voidedStatementId: late.id }))?.id).toBe(late.id);
  });

  it('in one batch, the target before or after its voiding statement', async () => {
    const first = statement();
    const second = statement();
    await stored(client, [first, voiding(first.id), voiding(second.id), second]);
    expect(await single(client, { statementId: first.id })).toBeNull();
    expect(await single(client, { statementId: second.id })).toBeNull();
  });
});

describe('the filters and paging', () => {
  let client: IssuedClient;
  const learner = newLearner();
  const registration = randomUUID();
  const activity = `http://localhost:5173/xapi/activities/${randomUUID()}`;
  const parent = `http://localhost:5173/xapi/activities/${randomUUID()}`;
  const ids: string[] = [];

  beforeAll(async () => {
    client = await issueClient(['all']);
    const context = { registration, contextActivities: { parent: [{ id: parent }] } };
    // Stored one call at a time, so their stored times are in this order.
    for (const made of [
      statement({ actor: learner, object: { id: activity }, context }),
      statement({ actor: learner, context }),
      statement({ object: learner, context }),
      statement({
        actor: { objectType: 'Group', member: [learner, newLearner()] },
        context,
        verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      }),
    ]) {
      ids.push(...(await stored(client, [made])));
    }
  });

  it('agent: as actor, as object, or as a member of the actor Group', async () => {
    const found = await list(client, { agent: learner });
    expect(found.statements.map((s) => s.id)).toEqual([...ids].reverse());
    expect(found.more).toBeNull();
    expect(Date.parse(found.consistent_through)).not.toBeNaN();
    const unknown = await list(client, { agent: newLearner() });
    expect(unknown.statements).toEqual([]);
  });

  it('verb, activity (the object), related_activities (context too), registration', async () => {
    const completed = 'http://adlnet.gov/expapi/verbs/completed';
    expect(
      (await list(client, { registration, verb: completed })).statements.map((s) => s.id),
    ).toEqual([ids[3]]);
    expect((await list(client, { activity })).statements.map((s) => s.id)).toEqual([ids[0]]);
    expect((await list(client, { activity: parent })).statements).toEqual([]);
    expect(
      (await list(client, { activity: parent, related_activities: true })).statements.length,
    ).toBe(4);
  });

  it('since (exclusive), until (inclusive), ascending', async () => {
    const all = await list(client, { registration, ascending: true });
    expect(all.statements.map((s) => s.id)).toEqual(ids);
    const storedOf = (index: number) => String(all.statements[index]?.stored);
    const after = await list(client, { registration, since: storedOf(1), ascending: true });
    expect(
      after.statements.every((s) => Date.parse(String(s.stored)) > Date.parse(storedOf(1))),
    ).toBe(true);
    expect(after.statements.map((s) => s.id)).not.toContain(ids[1]);
    const upTo = await list(client, { registration, until: storedOf(1), ascending: true });
    expect(upTo.statements.map((s) => s.id)).toContain(ids[1]);
    expect(upTo.statements.map((s) => s.id)).not.toContain(ids[3]);
  });

  it('limit and the more cursor page through everything once, either way', async () => {
    for (const ascending of [false, true]) {
      const seen: string[] = [];
      let more: string | null | undefined;
      do {
        const page = await list(client, {
          registration,
          limit: 3,
          ascending,
          ...(more ? { more } : {}),
        });
        expect(page.statements.length).toBeLessThanOrEqual(3);
        seen.push(...page.statements.map((s) => s.id));
        more = page.more;
      } while (more);
      expect(seen).toEqual(ascending ? ids : [...ids].reverse());
    }
    const zero = await list(client, { registration, limit: 0 });
    expect(zero.statements.length).toBe(4);
    expect((await read(client, { registration, limit: -1 })).error?.code).toBe('22023');
    expect((await read(client, { registration, more: 'not a cursor' })).error?.code).toBe('22023');
  });

  it('a statement targeting a match through a StatementRef matches too', async () => {
    const referrer = statement({ object: { objectType: 'StatementRef', id: ids[0] } });
    await stored(client, [referrer]);
    const found = await list(client, { activity });
    expect(found.statements.map((s) => s.id)).toEqual([referrer.id, ids[0]]);
  });

  it('statementId with voidedStatementId is refused', async () => {
    const { error } = await read(client, { statementId: ids[0], voidedStatementId: ids[1] });
    expect(error?.code).toBe('22023');
  });
});

describe('documents, activities and agents', () => {
  const activityId = () => `http://localhost:5173/xapi/activities/${randomUUID()}`;

  function stateOf(client: IssuedClient, activity: string, agent: unknown) {
    return {
      client_id: client.lrs_client.id,
      kind: 'state',
      activity_id: activity,
      agent,
      registration: null,
      document_id: 'bookmark',
    };
  }

  it('anon and signed-in users cannot call the document, activity and agent functions', async () => {
    const issued = await issueClient(['all']);
    const { client } = await newUser('LRS Document Caller');
    const target = stateOf(issued, activityId(), newLearner());
    const content = Buffer.from('{}').toString('base64');
    const calls = [
      ['lrs_document', target],
      ['lrs_document_ids', { ...target, document_id: undefined, since: null }],
      ['lrs_put_document', { ...target, content, content_type: 'application/json' }],
      ['lrs_post_document', { ...target, content, content_type: 'application/json' }],
      ['lrs_delete_document', target],
      [
        'lrs_delete_state',
        {
          client_id: issued.lrs_client.id,
          activity_id: target.activity_id,
          agent: target.agent,
          registration: null,
        },
      ],
      ['lrs_activity', { client_id: issued.lrs_client.id, activity_id: target.activity_id }],
      ['lrs_person', { client_id: issued.lrs_client.id, agent: target.agent }],
    ] as const;
    for (const [name, args] of calls) {
      for (const caller of [anonClient(), client, admin]) {
        const { error } = await caller.rpc(name, args);
        expect([name, error?.code]).toEqual([name, '42501']);
      }
    }
  });

  it('keeps bytes as sent, files them under the agent key the statements use, with a SHA-1 ETag', async () => {
    const issued = await issueClient(['state']);
    const agent = newLearner();
    const bytes = Buffer.from([0, 255, 1, 254, 10]);
    const target = stateOf(issued, activityId(), agent);
    const { data: etag, error } = await service.rpc('lrs_put_document', {
      ...target,
      content: bytes.toString('base64'),
      content_type: 'application/octet-stream',
    });
    expect(error).toBeNull();
    expect(etag).toBe(createHash('sha1').update(bytes).digest('hex'));
    const { rows } = await database().query<{ agent_key: string; content: Buffer }>(
      `select agent_key, content from xapi.documents where kind = 'state' and activity_id = $1`,
      [target.activity_id],
    );
    expect(rows).toEqual([{ agent_key: `mbox:${agent.mbox}`, content: bytes }]);
    const { data: read } = await service.rpc('lrs_document', target);
    expect(read).toMatchObject({ content: bytes.toString('base64'), etag });
  });

  it('a revoked client is PT401 and a client without the scope is 42501', async () => {
    const revoked = await issueClient(['all']);
    await admin.rpc('revoke_lrs_client', { client_id: revoked.lrs_client.id });
    const profileOnly = await issueClient(['profile']);
    expect(
      (await service.rpc('lrs_document', stateOf(revoked, activityId(), newLearner()))).error?.code,
    ).toBe('PT401');
    expect(
      (await service.rpc('lrs_document', stateOf(profileOnly, activityId(), newLearner()))).error
        ?.code,
    ).toBe('42501');
  });

  it('a held If-Match write makes the second writer with the same ETag fail once the first commits', async () => {
    const issued = await issueClient(['profile']);
    const target = {
      client_id: issued.lrs_client.id,
      kind: 'activity_profile',
      activity_id: activityId(),
      agent: null,
      registration: null,
      document_id: 'raced',
    };
    const put = (text: string, preconditions: Record<string, unknown>) => ({
      ...target,
      content: Buffer.from(text).toString('base64'),
      content_type: 'application/json',
      ...preconditions,
    });
    const created = await service.rpc('lrs_put_document', put('{"v":0}', { if_none_match: '*' }));
    expect(created.error).toBeNull();
    const etag = created.data as string;

    const first = await database().connect();
    try {
      await first.query('begin');
      await first.query(
        `select public.lrs_put_document($1, $2, $3, null, null, $4, $5, 'application/json', $6)`,
        [
          target.client_id,
          target.kind,
          target.activity_id,
          target.document_id,
          Buffer.from('{"v":1}').toString('base64'),
          [etag],
        ],
      );
      // The second waits on the first's row lock, then finds the ETag changed under it.
      const second = service.rpc('lrs_put_document', put('{"v":2}', { if_match: [etag] }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('commit');
      expect((await second).error?.code).toBe('PT412');
    } finally {
      first.release();
    }
    const { data } = await service.rpc('lrs_document', target);
    expect(Buffer.from((data as { content: string }).content, 'base64').toString()).toBe('{"v":1}');
  });

  it('a document row must name what its kind is keyed by', async () => {
    const sql = `insert into xapi.documents (kind, activity_id, agent_key, document_id, content,
      content_type, etag, updated) values ($1, $2, $3, 'x', '\\x', 'text/plain', repeat('0', 40), now())`;
    await expect(database().query(sql, ['state', activityId(), null])).rejects.toThrow(
      'documents_key_fits_kind',
    );
    await expect(
      database().query(sql, ['activity_profile', activityId(), 'mbox:mailto:a@example.org']),
    ).rejects.toThrow('documents_key_fits_kind');
    await expect(database().query(sql, ['agent_profile', null, null])).rejects.toThrow(
      'documents_key_fits_kind',
    );
  });

  it("an activity is its statements' definitions merged, the later winning; a Person is the agent given, as lists", async () => {
    const issued = await issueClient(['all']);
    const activity = activityId();
    await stored(issued, [
      statement({ object: { id: activity, definition: { name: { 'en-GB': 'Old' } } } }),
    ]);
    await stored(issued, [
      statement({ object: { id: activity, definition: { name: { 'en-GB': 'New' } } } }),
    ]);
    await stored(issued, [statement({ object: { id: activity } })]);
    const { data } = await service.rpc('lrs_activity', {
      client_id: issued.lrs_client.id,
      activity_id: activity,
    });
    expect(data).toEqual({
      objectType: 'Activity',
      id: activity,
      definition: { name: { 'en-GB': 'New' } },
    });
    const { data: person } = await service.rpc('lrs_person', {
      client_id: issued.lrs_client.id,
      agent: { objectType: 'Agent', mbox_sha1sum: 'a'.repeat(40) },
    });
    expect(person).toEqual({ objectType: 'Person', mbox_sha1sum: ['a'.repeat(40)] });
  });
});
