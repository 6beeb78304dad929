import { describe, expect, it } from 'vitest';
import {
  anon,
  authorId,
  bookIds,
  db,
  raw,
  restFixture,
  service,
  signedInUser,
  suffix,
} from './rest-support';

restFixture({ books: true });

describe('rpc', () => {
  it('calls a scalar function by POST and by GET', async () => {
    const post = await anon.rpc('add_numbers', { a: 2, b: 3 });
    expect(post.data).toBe(5);
    const get = await anon.rpc('add_numbers', { a: 20, b: 22 }, { get: true });
    expect(get.data).toBe(42);
    const text = await anon.rpc('greet', { name: 'Ada' });
    expect(text.data).toBe('Hello, Ada');
    const both = await anon.rpc('greet', { name: 'Ada', greeting: 'Hi' });
    expect(both.data).toBe('Hi, Ada');
  });

  it('returns jsonb, and passes a whole body to a single unnamed jsonb parameter', async () => {
    const { data } = await anon.rpc('whoami');
    expect(data).toEqual({ uid: null, role: 'anon' });
    const echo = await anon.rpc('echo_json', { nested: { list: [1, 'two'] } });
    expect(echo.data).toEqual({ nested: { list: [1, 'two'] } });
  });

  it('answers 204 for a void function', async () => {
    const id = bookIds[1] as number;
    const { data, error, status } = await service.rpc('set_pages', { book: id, new_pages: 222 });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    const { rows } = await db.query('select pages from public.books where id = $1', [id]);
    expect(rows[0]?.pages).toBe(222);
    await service.rpc('set_pages', { book: id, new_pages: 200 });
  });

  it('applies select, filters, order and paging to a setof function', async () => {
    const { data, error } = await anon
      .rpc('books_by_author', { author: authorId })
      .select('title, pages')
      .gt('pages', 100)
      .order('pages', { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: `Gamma ${suffix}`, pages: 300 }]);
    const embedded = await anon
      .rpc('books_by_author', { author: authorId })
      .select('title, authors!author_id(name)')
      .eq('pages', 100)
      .single();
    expect(embedded.data).toEqual({
      title: `Alpha ${suffix}`,
      authors: { name: `Rest Author ${suffix}` },
    });
  });

  it('returns a set of scalars and a table function', async () => {
    const scalars = await anon.rpc('book_ids_by_author', { author: authorId });
    const { rows } = await db.query<{ id: string }>(
      'select id from public.books where author_id = $1 order by id',
      [authorId],
    );
    expect(scalars.data).toEqual(rows.map((row) => Number(row.id)));
    expect(scalars.data).toEqual(expect.arrayContaining(bookIds));
    const table = await anon
      .rpc('numbers', { n: 4 })
      .gte('square', 4)
      .order('value', { ascending: false });
    expect(table.data).toEqual([
      { value: 4, square: 16 },
      { value: 3, square: 9 },
      { value: 2, square: 4 },
    ]);
    const capped = await anon.rpc('numbers', { n: 1500 });
    expect(capped.data).toHaveLength(1000);
  });

  it('answers 400 with the message and hint of a raised exception', async () => {
    const { error, status } = await anon.rpc('fail_with_message', { message: 'Nope, not today' });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'P0001',
      message: 'Nope, not today',
      details: null,
      hint: 'raised on purpose',
    });
  });

  it('answers 404 PGRST202 for an unknown function or arguments', async () => {
    const unknown = await anon.rpc('no_such_function', { x: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_function(x) in the schema cache',
    });
    const wrongArgs = await anon.rpc('add_numbers', { a: 1, c: 2 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });

  it('answers 401 when anon may not execute a function, and runs it for a user', async () => {
    const denied = await anon.rpc('my_notes');
    expect(denied.status).toBe(401);
    expect(denied.error?.code).toBe('42501');
    const { client } = await signedInUser();
    await client.from('notes').insert({ body: 'mine' });
    const { data } = await client.rpc('my_notes').select('body');
    expect(data).toEqual([{ body: 'mine' }]);
  });

  it('runs GET in a read-only transaction: a writing function answers 405', async () => {
    const { status, error } = await service.rpc(
      'set_pages',
      { book: bookIds[1], new_pages: 1 },
      { get: true },
    );
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
  });

  it('applies response.status and response.headers set by a function', async () => {
    const response = await raw('/rpc/teapot', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(418);
    expect(response.headers.get('x-brewed')).toBe('tea');
    expect(await response.json()).toBe('short and stout');
  });

  it('sets the request settings and the search path for the transaction', async () => {
    const response = await raw('/rpc/request_info', { headers: { 'X-Probe': 'probe-value' } });
    expect(await response.json()).toEqual({
      method: 'GET',
      path: '/rpc/request_info',
      probe: 'probe-value',
      search_path: 'public, extensions',
      read_only: 'on',
    });
  });
});
