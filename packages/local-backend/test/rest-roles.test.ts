import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt';
import {
  anon,
  clientWithToken,
  db,
  raw,
  rest,
  restFixture,
  service,
  signedInUser,
  suffix,
} from './rest-support';

restFixture({ books: false });

describe('JWT and roles', () => {
  it('runs requests without any key as anon', async () => {
    const response = await fetch(`${rest}/rpc/whoami`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ uid: null, role: 'anon' });
  });

  it('answers 401 PGRST301 for a token signed with another secret', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-local-secret-but-32-characters-long'));
    const { status, error } = await clientWithToken(forged).from('books').select('id');
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
    const response = await raw('/books', { headers: { Authorization: `Bearer ${forged}` } });
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    const garbage = await raw('/books', { headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('answers 401 PGRST303 for an expired token, allowing 30 s of clock skew', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt({ role: 'authenticated', sub: randomUUID(), exp: now - 120 });
    const { status, error } = await clientWithToken(expired).from('books').select('id');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const skewed = await signJwt({ role: 'authenticated', sub: randomUUID(), exp: now - 5 });
    expect((await clientWithToken(skewed).from('books').select('id').limit(1)).status).toBe(200);
  });

  it('refuses a role claim outside anon, authenticated and service_role', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const postgres = await signJwt({ role: 'postgres', exp });
    const asPostgres = await clientWithToken(postgres).from('notes').select('id');
    expect(asPostgres.status).toBe(403);
    expect(asPostgres.error?.code).toBe('42501');
    const unknown = await signJwt({ role: 'nobody_at_all', exp });
    const asUnknown = await clientWithToken(unknown).from('books').select('id');
    expect(asUnknown.status).toBe(400);
    expect(asUnknown.error?.code).toBe('22023');
  });

  it('runs a token without a role claim as anon and exposes its claims', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const token = await signJwt({ sub: randomUUID(), exp });
    const { data } = await clientWithToken(token).rpc('whoami');
    expect(data).toMatchObject({ role: 'anon' });
  });
});

describe('row level security through REST', () => {
  it("keeps a user's notes from another user", async () => {
    const alice = await signedInUser('Alice');
    const bob = await signedInUser('Bob');
    const { data: note, error } = await alice.client
      .from('notes')
      .insert({ body: `secret ${suffix}` })
      .select('id, user_id, body, done')
      .single();
    expect(error).toBeNull();
    expect(note).toMatchObject({ user_id: alice.id, body: `secret ${suffix}`, done: false });

    expect((await alice.client.from('notes').select('body')).data).toEqual([
      { body: `secret ${suffix}` },
    ]);
    expect((await bob.client.from('notes').select('body')).data).toEqual([]);

    const update = await bob.client
      .from('notes')
      .update({ body: 'hacked' })
      .eq('id', note?.id)
      .select();
    expect(update.data).toEqual([]);
    const remove = await bob.client.from('notes').delete().eq('id', note?.id).select();
    expect(remove.data).toEqual([]);
    const { rows } = await db.query('select body from public.notes where id = $1', [note?.id]);
    expect(rows).toEqual([{ body: `secret ${suffix}` }]);

    const forged = await bob.client.from('notes').insert({ body: 'as alice', user_id: alice.id });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "notes"',
    });

    const asService = await service
      .from('notes')
      .select('user_id')
      .in('user_id', [alice.id, bob.id]);
    expect(asService.data).toEqual([{ user_id: alice.id }]);

    const done = await alice.client
      .from('notes')
      .update({ done: true })
      .eq('id', note?.id)
      .select('done');
    expect(done.data).toEqual([{ done: true }]);
    expect((await alice.client.from('notes').select('id').is('done', true)).data).toHaveLength(1);
    expect((await alice.client.from('notes').select('id').is('done', false)).data).toEqual([]);
  });

  it('answers 401 to anon on a table it has no grant for', async () => {
    const { status, error } = await anon.from('notes').select();
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table notes' });
  });

  it('lets a user read only their own profile (created by the auth.users trigger)', async () => {
    const user = await signedInUser('Profiled');
    const { data } = await user.client.from('profiles').select('id, name');
    expect(data).toEqual([{ id: user.id, name: 'Profiled' }]);
  });
});
