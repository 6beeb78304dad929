import { describe, expect, it } from 'vitest';
import {
  anon,
  authorId,
  bookIds,
  db,
  restFixture,
  service,
  serviceRaw,
  signedInUser,
  suffix,
} from './rest-support';

restFixture({ books: true });

describe('writes', () => {
  it('inserts one row: 201 and no body without a select', async () => {
    const title = `Inserted ${suffix}`;
    const response = await serviceRaw('/books', {
      method: 'POST',
      body: JSON.stringify({ title, author_id: authorId }),
    });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('');
    const { rows } = await db.query('select tags from public.books where title = $1', [title]);
    expect(rows).toEqual([{ tags: [] }]);
  });

  it('inserts several rows with the columns parameter and returns them', async () => {
    const { data, error, status } = await service
      .from('books')
      .insert([
        { title: `Many 1 ${suffix}`, author_id: authorId, pages: 11 },
        { title: `Many 2 ${suffix}`, author_id: authorId, published: '2024-02-29' },
      ])
      .select('title, pages, published, authors!author_id(name)');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      {
        title: `Many 1 ${suffix}`,
        pages: 11,
        published: null,
        authors: { name: `Rest Author ${suffix}` },
      },
      {
        title: `Many 2 ${suffix}`,
        pages: null,
        published: '2024-02-29',
        authors: { name: `Rest Author ${suffix}` },
      },
    ]);
  });

  it('fills missing keys with NULL, or with the DEFAULT under missing=default', async () => {
    const rows = [
      { title: `Tagged ${suffix}`, author_id: authorId, tags: ['x'] },
      { title: `Untagged ${suffix}`, author_id: authorId },
    ];
    const nulls = await service.from('books').insert(rows);
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe('23502');

    const { data, error } = await service
      .from('books')
      .insert(rows, { defaultToNull: false })
      .select('title, tags')
      .order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: `Tagged ${suffix}`, tags: ['x'] },
      { title: `Untagged ${suffix}`, tags: [] },
    ]);
  });

  it('returns the inserted row as an object with .select().single()', async () => {
    const { data } = await service
      .from('books')
      .insert({ title: `Single ${suffix}`, author_id: authorId })
      .select('title')
      .single();
    expect(data).toEqual({ title: `Single ${suffix}` });
  });

  it('upserts: merges duplicates on the primary key or on_conflict, or ignores them', async () => {
    const id = bookIds[3] as number;
    const { data, error } = await service
      .from('books')
      .upsert({ id, title: `Delta ${suffix}`, author_id: authorId, pages: 99 })
      .select('id, pages');
    expect(error).toBeNull();
    expect(data).toEqual([{ id, pages: 99 }]);

    const merged = await serviceRaw('/books?select=id', {
      method: 'POST',
      headers: { Prefer: 'resolution=merge-duplicates,return=representation' },
      body: JSON.stringify({ id, title: `Delta ${suffix}`, author_id: authorId, pages: null }),
    });
    expect(merged.status).toBe(200);

    const name = `Upsert genre ${suffix}`;
    await service.from('genres').insert({ name });
    const ignored = await service
      .from('genres')
      .upsert({ name }, { onConflict: 'name', ignoreDuplicates: true })
      .select();
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const created = await service
      .from('genres')
      .upsert([{ name }, { name: `${name} 2` }], { onConflict: 'name' })
      .select('name');
    expect(created.status).toBe(201);
    expect(created.data).toEqual([{ name }, { name: `${name} 2` }]);
  });

  it('updates: 204 without a select, 200 with the changed rows', async () => {
    const id = bookIds[2] as number;
    const plain = await service.from('books').update({ pages: 301 }).eq('id', id);
    expect(plain.status).toBe(204);
    expect(plain.data).toBeNull();
    const { data, status } = await service
      .from('books')
      .update({ pages: 300, meta: { level: 3 } })
      .eq('id', id)
      .select('id, pages, meta');
    expect(status).toBe(200);
    expect(data).toEqual([{ id, pages: 300, meta: { level: 3 } }]);
  });

  it('deletes: 204 without a select, 200 with the deleted rows', async () => {
    const { data: created } = await service
      .from('books')
      .insert([
        { title: `Doomed 1 ${suffix}`, author_id: authorId },
        { title: `Doomed 2 ${suffix}`, author_id: authorId },
      ])
      .select('id')
      .order('id');
    const [first, second] = (created ?? []).map((row) => row.id as number);
    const plain = await service.from('books').delete().eq('id', first);
    expect(plain.status).toBe(204);
    const { data, status } = await service.from('books').delete().eq('id', second).select('title');
    expect(status).toBe(200);
    expect(data).toEqual([{ title: `Doomed 2 ${suffix}` }]);
    const { rows } = await db.query('select id from public.books where id = any($1)', [
      [first, second],
    ]);
    expect(rows).toEqual([]);
  });

  it('refuses UPDATE and DELETE without a filter (pg-safeupdate)', async () => {
    const update = await service.from('books').update({ pages: 1 });
    expect(update.status).toBe(400);
    expect(update.error).toMatchObject({
      code: '21000',
      message: 'UPDATE requires a WHERE clause',
    });
    const remove = await service.from('reviews').delete();
    expect(remove.status).toBe(400);
    expect(remove.error).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    });
    const { rows } = await db.query('select pages from public.books where id = 1');
    expect(rows[0]?.pages).not.toBe(1);
  });

  it('maps constraint violations: 23505 and 23503 to 409, 23514 and 23502 to 400', async () => {
    const name = `Unique ${suffix}`;
    await service.from('genres').insert({ name });
    const duplicate = await service.from('genres').insert({ name });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({
      code: '23505',
      details: `Key (name)=(${name}) already exists.`,
    });
    const foreign = await service.from('books').insert({ title: 'x', author_id: 987654321 });
    expect(foreign.status).toBe(409);
    expect(foreign.error?.code).toBe('23503');
    const check = await service.from('reviews').insert({ book_id: 1, rating: 9 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const notNull = await service.from('authors').insert({ country: 'Nowhere' });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
  });

  it('answers 400 PGRST204 for an unknown column in the body', async () => {
    const { error, status } = await service
      .from('books')
      .insert({ title: 'x', author_id: authorId, colour: 'red' });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 'books' in the schema cache",
    });
  });

  it('answers 400 PGRST102 for a body that is not JSON', async () => {
    const response = await serviceRaw('/books', { method: 'POST', body: '{"title": ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: null,
      hint: null,
    });
  });

  it('answers 401 to anon and 403 to a user for a table they have no grant on', async () => {
    const anonInsert = await anon.from('books').insert({ title: 'x', author_id: 1 });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table books',
    });
    const { client } = await signedInUser();
    const userInsert = await client.from('reviews').insert({ book_id: 1, rating: 3 });
    expect(userInsert.status).toBe(403);
    expect(userInsert.error?.code).toBe('42501');
  });

  it('rolls back a singular write that touches several rows', async () => {
    const { error, status } = await service
      .from('books')
      .update({ pages: 7 })
      .eq('author_id', authorId)
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    const { rows } = await db.query(
      'select count(*)::int as n from public.books where pages = 7 and author_id = $1',
      [authorId],
    );
    expect(rows[0]?.n).toBe(0);
  });
});
