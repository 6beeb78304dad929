import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { ApiRequest } from '../src/http/types';
import { HttpError } from '../src/http/types';
import { signJwt } from '../src/jwt';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { createRestService } from '../src/rest/service';
import { fixtureSupabaseDir } from './harness';
import { anonClient, backendUrl, database, serviceClient, uniqueEmail } from './shared';

const db = database();
const rest = `${backendUrl}/rest/v1`;

function clientWithToken(token: string): SupabaseClient {
  return createClient(backendUrl, LOCAL_ANON_KEY, {
    global: { headers: { Authorization: `Bearer ${token}` } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

async function accessToken(userId: string, email: string, extra: Record<string, unknown> = {}) {
  return signJwt({
    sub: userId,
    role: 'authenticated',
    aud: 'authenticated',
    email,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...extra,
  });
}

/** A user inserted straight into auth.users, and a client carrying a token minted for them. */
async function signedInUser(name = 'Reader') {
  const id = randomUUID();
  const email = uniqueEmail('rest');
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, email_confirmed_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now())`,
    [id, email, { name }],
  );
  return { id, email, client: clientWithToken(await accessToken(id, email)) };
}

type RawInit = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };

function raw(path: string, init: RawInit = {}) {
  return fetch(`${rest}${path}`, {
    ...init,
    headers: { apikey: LOCAL_ANON_KEY, ...init.headers },
  });
}

function serviceRaw(path: string, init: RawInit = {}) {
  return raw(path, {
    ...init,
    headers: {
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}

const suffix = randomUUID().slice(0, 8);
const service = serviceClient();
const anon = anonClient();

/** This file's own author and books, so no other test file's rows change what it sees. */
let authorId: number;
let emptyAuthorId: number;
let bookIds: number[];

beforeAll(async () => {
  const { data: authors, error } = await service
    .from('authors')
    .insert([
      { name: `Rest Author ${suffix}`, country: 'Kenya' },
      { name: `Rest Empty ${suffix}`, country: null },
    ])
    .select('id')
    .order('id');
  if (error || !authors) throw new Error(error?.message ?? 'no authors');
  authorId = authors[0]?.id as number;
  emptyAuthorId = authors[1]?.id as number;
  const { data: books, error: booksError } = await service
    .from('books')
    .insert([
      { title: `Alpha ${suffix}`, author_id: authorId, pages: 100, tags: ['a', 'b'] },
      { title: `Beta ${suffix}`, author_id: authorId, pages: 200, tags: ['b'], editor_id: 1 },
      { title: `Gamma ${suffix}`, author_id: authorId, pages: 300, tags: [], meta: { level: 3 } },
      { title: `Delta ${suffix}`, author_id: authorId, pages: null, tags: ['c'] },
    ])
    .select('id')
    .order('id');
  if (booksError || !books) throw new Error(booksError?.message ?? 'no books');
  bookIds = books.map((book) => book.id as number);
  await service.from('reviews').insert([
    { book_id: bookIds[0], rating: 2, body: 'meh' },
    { book_id: bookIds[0], rating: 5, body: 'great' },
    { book_id: bookIds[0], rating: 4, body: 'good' },
    { book_id: bookIds[2], rating: 1, body: 'bad' },
  ]);
});

afterAll(async () => {
  await db.query('delete from public.books where author_id = $1', [authorId]);
  await db.query('delete from public.authors where id = any($1)', [[authorId, emptyAuthorId]]);
  await db.end();
});

describe('select', () => {
  it('returns the chosen columns, all columns with *, and aliases', async () => {
    const { data, error } = await anon.from('books').select('id, name:title, pages').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, name: 'Bedside Manner', pages: 240 }]);

    const { data: all } = await anon.from('books').select('*').eq('id', 1).single();
    expect(Object.keys(all ?? {})).toEqual([
      'id',
      'title',
      'author_id',
      'editor_id',
      'published',
      'pages',
      'tags',
      'meta',
      'created_at',
    ]);
  });

  it('returns values as PostgREST does: numbers, arrays, JSON objects, ISO timestamps', async () => {
    const { data } = await anon.from('books').select('*').eq('id', 1).single();
    expect(data).toMatchObject({
      id: 1,
      author_id: 1,
      published: '2019-03-01',
      tags: ['clinical', 'communication'],
      meta: { edition: 2 },
    });
    expect(data?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
  });

  it('casts columns and reads JSON paths', async () => {
    const { data } = await anon
      .from('books')
      .select('id, pages::text, meta->edition, label:meta->>edition')
      .eq('id', 1)
      .single();
    expect(data).toEqual({ id: 1, pages: '240', edition: 2, label: '2' });
  });

  it('embeds a many-to-one relation as an object, or null when there is no match', async () => {
    const { data, error } = await anon
      .from('books')
      .select('id, editor:authors!books_editor_id_fkey(name)')
      .in('id', [1, 2])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, editor: { name: 'Bram Okafor' } },
      { id: 2, editor: null },
    ]);
  });

  it('accepts a column name as the disambiguation hint', async () => {
    const byColumn = await anon.from('books').select('id, authors!author_id(name)').eq('id', 3);
    const byConstraint = await anon
      .from('books')
      .select('id, authors!books_author_id_fkey(name)')
      .eq('id', 3);
    expect(byColumn.data).toEqual([{ id: 3, authors: { name: 'Bram Okafor' } }]);
    expect(byConstraint.data).toEqual(byColumn.data);
  });

  it('embeds a one-to-many relation as an array, empty when there are no rows', async () => {
    const { data } = await anon
      .from('authors')
      .select('id, books!books_author_id_fkey(title)')
      .in('id', [authorId, emptyAuthorId])
      .order('id');
    expect(data).toEqual([
      {
        id: authorId,
        books: expect.arrayContaining([{ title: `Alpha ${suffix}` }, { title: `Delta ${suffix}` }]),
      },
      { id: emptyAuthorId, books: [] },
    ]);
    expect((data?.[0]?.books as unknown[]).length).toBe(4);
  });

  it('nests embeds and orders, limits and offsets them', async () => {
    const { data } = await anon
      .from('authors')
      .select('name, books!books_author_id_fkey(title, reviews(rating))')
      .eq('id', authorId)
      .order('pages', { referencedTable: 'books', ascending: true, nullsFirst: false })
      .limit(2, { referencedTable: 'books' })
      .order('rating', { referencedTable: 'books.reviews', ascending: false })
      .single();
    expect(data).toEqual({
      name: `Rest Author ${suffix}`,
      books: [
        {
          title: `Alpha ${suffix}`,
          reviews: [{ rating: 5 }, { rating: 4 }, { rating: 2 }],
        },
        { title: `Beta ${suffix}`, reviews: [] },
      ],
    });

    const { data: paged } = await anon
      .from('books')
      .select('id, reviews(rating)')
      .eq('id', bookIds[0])
      .order('rating', { referencedTable: 'reviews' })
      .range(1, 1, { referencedTable: 'reviews' })
      .single();
    expect(paged?.reviews).toEqual([{ rating: 4 }]);
  });

  it('filters embedded rows, and with !inner drops the parents without a match', async () => {
    const { data: left } = await anon
      .from('books')
      .select('id, reviews(rating)')
      .eq('author_id', authorId)
      .gte('reviews.rating', 4)
      .order('id');
    expect(left?.map((book) => book.reviews)).toEqual([[{ rating: 5 }, { rating: 4 }], [], [], []]);

    const { data: inner } = await anon
      .from('books')
      .select('id, reviews!inner(rating)')
      .eq('author_id', authorId)
      .gte('reviews.rating', 4);
    expect(inner?.map((book) => book.id)).toEqual([bookIds[0]]);

    const { data: none } = await anon
      .from('books')
      .select('id, reviews()')
      .eq('author_id', authorId)
      .is('reviews', null)
      .order('id');
    expect(none).toEqual([{ id: bookIds[1] }, { id: bookIds[3] }]);
  });

  it('spreads a to-one embed into the parent and counts a to-many embed', async () => {
    const { data } = await anon
      .from('books')
      .select('id, ...authors!author_id(author_name:name), reviews(count)')
      .eq('id', bookIds[0])
      .single();
    expect(data).toEqual({
      id: bookIds[0],
      author_name: `Rest Author ${suffix}`,
      reviews: [{ count: 3 }],
    });
  });

  it('embeds through a junction table (many-to-many)', async () => {
    const { data: genre } = await service
      .from('genres')
      .insert({ name: `Genre ${suffix}` })
      .select('id')
      .single();
    await service.from('book_genres').insert({ book_id: bookIds[1], genre_id: genre?.id });
    const { data, error } = await anon
      .from('books')
      .select('id, genres(name)')
      .eq('id', bookIds[1])
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: bookIds[1], genres: [{ name: `Genre ${suffix}` }] });
  });

  it('orders by a column of a to-one embed', async () => {
    const { data } = await anon
      .from('books')
      .select('id, authors!author_id(name)')
      .in('id', [1, 3, 4])
      .order('authors(name)', { ascending: false });
    expect(data?.map((book) => book.id)).toEqual([4, 3, 1]);
  });

  it('reads a view', async () => {
    const { data, error } = await anon.from('book_titles').select('title').eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'The Quiet Ward' }]);
  });

  it('answers 300 PGRST201 for an ambiguous embed', async () => {
    const { error, status } = await anon.from('books').select('id, authors(name)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message:
        "Could not embed because more than one relationship was found for 'books' and 'authors'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_author_id_fkey using books(author_id) and authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_editor_id_fkey using books(editor_id) and authors(id)',
        },
      ],
      hint: "Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('answers 400 PGRST200 for an unknown relationship', async () => {
    const { error, status } = await anon.from('books').select('id, publishers(name)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
    expect(error?.message).toBe(
      "Could not find a relationship between 'books' and 'publishers' in the schema cache",
    );
  });

  it('answers 400 42703 for an unknown column, in select, filters and order', async () => {
    for (const query of [
      anon.from('books').select('id, nope'),
      anon.from('books').select('id').eq('nope', 1),
      anon.from('books').select('id').order('nope'),
    ]) {
      const { error, status } = await query;
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '42703', message: 'column books.nope does not exist' });
    }
  });

  it('answers 400 PGRST100 for a malformed select', async () => {
    const { error, status } = await anon.from('books').select('id, authors!(name');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
    expect(error?.message).toContain('failed to parse select parameter');
  });

  it('answers 404 PGRST205 for an unknown table', async () => {
    const { error, status } = await anon.from('nowhere').select();
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.nowhere' in the schema cache",
    });
  });

  it('answers 400 PGRST108 for a filter on a relation that is not embedded', async () => {
    const { error, status } = await anon.from('books').select('id').eq('reviews.rating', 5);
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST108');
  });

  it('answers 406 PGRST106 for a schema that is not exposed', async () => {
    const { error, status } = await anon.schema('auth').from('users').select();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST106');
  });
});

describe('filters', () => {
  const ownBooks = () => anon.from('books').select('pages').eq('author_id', authorId);
  const pages = (data: { pages: number | null }[] | null) =>
    (data ?? []).map((row) => row.pages).sort();

  it('compares with eq, neq, gt, gte, lt and lte', async () => {
    expect(pages((await ownBooks().eq('pages', 200)).data)).toEqual([200]);
    expect(pages((await ownBooks().neq('pages', 200)).data)).toEqual([100, 300]);
    expect(pages((await ownBooks().gt('pages', 100)).data)).toEqual([200, 300]);
    expect(pages((await ownBooks().gte('pages', 200)).data)).toEqual([200, 300]);
    expect(pages((await ownBooks().lt('pages', 200)).data)).toEqual([100]);
    expect(pages((await ownBooks().lte('pages', 200)).data)).toEqual([100, 200]);
  });

  it('matches patterns with like and ilike, * being the wildcard', async () => {
    const { data } = await anon.from('books').select('id').like('title', `*eta ${suffix}`);
    expect(data).toEqual([{ id: bookIds[1] }]);
    const { data: insensitive } = await anon
      .from('books')
      .select('id')
      .ilike('title', `GAMMA*${suffix.toUpperCase()}`);
    expect(insensitive).toEqual([{ id: bookIds[2] }]);
    const { data: literal } = await anon
      .from('books')
      .select('id')
      .lte('id', 5)
      .like('title', '*\\%*');
    expect(literal).toEqual([{ id: 5 }]);
  });

  it('tests null and booleans with is, and negates with not', async () => {
    expect(pages((await ownBooks().is('pages', null)).data)).toEqual([null]);
    expect(pages((await ownBooks().not('pages', 'is', null)).data)).toEqual([100, 200, 300]);
    const { data } = await anon
      .from('books')
      .select('id')
      .eq('author_id', authorId)
      .not('editor_id', 'is', null);
    expect(data).toEqual([{ id: bookIds[1] }]);
  });

  it('filters with in, quoting values that hold commas and parentheses', async () => {
    const titles = [`comma, ${suffix}`, `paren (${suffix})`];
    await service.from('books').insert(titles.map((title) => ({ title, author_id: authorId })));
    const { data } = await anon.from('books').select('title').in('title', titles).order('title');
    expect(data?.map((row) => row.title)).toEqual([...titles].sort());
    expect(pages((await ownBooks().in('pages', [100, 300])).data)).toEqual([100, 300]);
    expect(pages((await ownBooks().not('pages', 'in', '(100,300)')).data)).toEqual([200]);
    await service.from('books').delete().in('title', titles);
  });

  it('combines conditions with or and nested and', async () => {
    const { data } = await ownBooks().or('pages.eq.100,and(pages.gt.150,pages.lt.250)');
    expect(pages(data)).toEqual([100, 200]);
    const { data: negated } = await ownBooks().or('pages.gte.300,pages.not.gt.100');
    expect(pages(negated)).toEqual([100, 300]);
    const excluded = await raw(
      `/books?select=pages&author_id=eq.${authorId}&not.or=(pages.eq.100,pages.is.null)`,
    );
    expect(pages(await excluded.json())).toEqual([200, 300]);
  });

  it('filters an embed with or through referencedTable', async () => {
    const { data } = await anon
      .from('books')
      .select('id, reviews(rating)')
      .eq('id', bookIds[0])
      .or('rating.eq.2,rating.eq.5', { referencedTable: 'reviews' })
      .order('rating', { referencedTable: 'reviews' })
      .single();
    expect(data?.reviews).toEqual([{ rating: 2 }, { rating: 5 }]);
  });

  it('tests arrays with contains, containedBy and overlaps', async () => {
    const ids = async (query: PromiseLike<{ data: { id: number }[] | null }>) =>
      ((await query).data ?? []).map((row) => row.id).sort((a, b) => a - b);
    const mine = () => anon.from('books').select('id').eq('author_id', authorId);
    expect(await ids(mine().contains('tags', ['b']))).toEqual([bookIds[0], bookIds[1]]);
    expect(await ids(mine().containedBy('tags', ['b', 'c']))).toEqual([
      bookIds[1],
      bookIds[2],
      bookIds[3],
    ]);
    expect(await ids(mine().overlaps('tags', ['a', 'c']))).toEqual([bookIds[0], bookIds[3]]);
    expect(await ids(mine().contains('meta', { level: 3 }))).toEqual([bookIds[2]]);
  });

  it('filters on JSON paths', async () => {
    const { data } = await anon.from('books').select('id').eq('meta->>level', '3');
    expect(data).toEqual([{ id: bookIds[2] }]);
  });

  it('treats values carrying SQL as plain values', async () => {
    const attack = "'; drop table public.books; --";
    for (const query of [
      anon.from('books').select('id').eq('title', attack),
      anon.from('books').select('id').in('title', [attack, `x") or (1=1`]),
      anon.from('books').select('id').or(`title.eq.${attack}`),
      anon.from('books').select('id').like('title', `${attack}*`),
    ]) {
      const { data, error } = await query;
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const { error } = await anon.from('books').select('id; drop table public.books');
    expect(error?.code).toBe('PGRST100');
    const { count } = await anon
      .from('books')
      .select('*', { count: 'exact', head: true })
      .lte('id', 5);
    expect(count).toBe(5);
  });

  it('rejects an unknown operator with PGRST100', async () => {
    const response = await raw('/books?id=near.5');
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('PGRST100');
  });

  it('answers 400 22P02 for a value of the wrong type', async () => {
    const { error, status } = await anon.from('books').select('id').eq('id', 'abc');
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});

describe('ordering, paging and counting', () => {
  it('orders by several columns with nulls first or last', async () => {
    const query = () => anon.from('books').select('pages').eq('author_id', authorId);
    const { data: desc } = await query().order('pages', { ascending: false, nullsFirst: false });
    expect(desc?.map((row) => row.pages)).toEqual([300, 200, 100, null]);
    const { data: asc } = await query().order('pages', { ascending: true, nullsFirst: true });
    expect(asc?.map((row) => row.pages)).toEqual([null, 100, 200, 300]);
    const { data: multi } = await anon
      .from('books')
      .select('id')
      .in('id', [1, 2, 3, 4])
      .order('author_id', { ascending: false })
      .order('id', { ascending: false });
    expect(multi?.map((row) => row.id)).toEqual([4, 3, 2, 1]);
  });

  it('pages with range() and limit()', async () => {
    const { data } = await anon
      .from('books')
      .select('pages')
      .eq('author_id', authorId)
      .order('pages')
      .range(1, 2);
    expect(data?.map((row) => row.pages)).toEqual([200, 300]);
    const { data: limited } = await anon
      .from('books')
      .select('id')
      .eq('author_id', authorId)
      .limit(1);
    expect(limited).toHaveLength(1);
  });

  it('counts exactly, with Content-Range and 206 for a partial page', async () => {
    const { count, data, status } = await anon
      .from('books')
      .select('id', { count: 'exact' })
      .eq('author_id', authorId)
      .range(0, 1);
    expect(count).toBe(4);
    expect(data).toHaveLength(2);
    expect(status).toBe(206);

    const response = await raw(`/books?select=id&author_id=eq.${authorId}&limit=2`, {
      headers: { Prefer: 'count=exact' },
    });
    expect(response.headers.get('content-range')).toBe('0-1/4');
    const whole = await raw(`/books?select=id&author_id=eq.${authorId}`, {
      headers: { Prefer: 'count=exact' },
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-range')).toBe('0-3/4');
    const uncounted = await raw(`/books?select=id&author_id=eq.${authorId}`);
    expect(uncounted.headers.get('content-range')).toBe('0-3/*');
  });

  it('answers HEAD with the count and no body', async () => {
    const { count, data, status } = await anon
      .from('books')
      .select('*', { count: 'exact', head: true })
      .eq('author_id', authorId);
    expect(status).toBe(200);
    expect(count).toBe(4);
    expect(data).toBeNull();

    const response = await raw(`/books?author_id=eq.${emptyAuthorId}`, {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(response.headers.get('content-range')).toBe('*/0');
    expect(await response.text()).toBe('');
  });

  it('honours a Range header', async () => {
    const response = await raw(`/books?select=pages&author_id=eq.${authorId}&order=pages`, {
      headers: { Range: '1-2', 'Range-Unit': 'items' },
    });
    expect(await response.json()).toEqual([{ pages: 200 }, { pages: 300 }]);
    expect(response.headers.get('content-range')).toBe('1-2/*');
  });

  it('answers 416 PGRST103 for an offset past a counted end', async () => {
    const response = await raw(`/books?select=id&author_id=eq.${authorId}&offset=10`, {
      headers: { Prefer: 'count=exact' },
    });
    expect(response.status).toBe(416);
    expect((await response.json()).code).toBe('PGRST103');
  });

  it('never returns more than max_rows rows', async () => {
    const { data, count } = await anon
      .from('many_rows')
      .select('id', { count: 'exact' })
      .limit(5000);
    expect(data).toHaveLength(1000);
    expect(count).toBe(1200);
  });
});

describe('single and maybeSingle', () => {
  it('returns one object for .single()', async () => {
    const { data, error, status } = await anon
      .from('books')
      .select('id, title')
      .eq('id', 2)
      .single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ id: 2, title: 'The Quiet Ward' });
  });

  it('answers 406 PGRST116 for no row or several rows', async () => {
    const none = await anon.from('books').select('id').eq('id', -1).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });
    const many = await anon.from('books').select('id').eq('author_id', authorId).single();
    expect(many.status).toBe(406);
    expect(many.error?.details).toBe('The result contains 4 rows');
  });

  it('makes maybeSingle() return null for no row and the object for one', async () => {
    const none = await anon.from('books').select('id').eq('id', -1).maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const one = await anon.from('books').select('id').eq('id', 3).maybeSingle();
    expect(one.data).toEqual({ id: 3 });
    const many = await anon.from('books').select('id').eq('author_id', authorId).maybeSingle();
    expect(many.error?.code).toBe('PGRST116');
  });
});

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
    expect((await garbage.json()).code).toBe('PGRST301');
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

describe('schema cache', () => {
  it("reloads on NOTIFY pgrst, 'reload schema'", async () => {
    const table = `rest_reload_${suffix}`;
    await db.query(`create table public.${table} (id int primary key, label text)`);
    await db.query(`grant select on public.${table} to anon`);
    await db.query(`insert into public.${table} values (1, 'fresh')`);
    try {
      await db.query("notify pgrst, 'reload schema'");
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
        status = (await raw(`/${table}?select=label`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      expect((await anon.from(table).select('label')).data).toEqual([{ label: 'fresh' }]);
    } finally {
      await db.query(`drop table public.${table}`);
      await db.query("notify pgrst, 'reload schema'");
    }
  });

  it('reloads on reloadSchema() and closes its listener', async () => {
    const pool = database();
    const config = loadConfig({ supabaseDir: fixtureSupabaseDir });
    const restService = await createRestService({
      pool,
      config,
      mailer: { send: async () => ({ id: 'unused' }) },
      log: { info: () => undefined, error: () => undefined },
    });
    const table = `rest_direct_${suffix}`;
    const request = (): ApiRequest => ({
      method: 'GET',
      url: new URL(`http://localhost/rest/v1/${table}`),
      path: `/${table}`,
      headers: {},
      bearer: undefined,
      body: Buffer.alloc(0),
      ip: '127.0.0.1',
    });
    try {
      const missing = await restService.handler(request()).catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(HttpError);
      expect((missing as HttpError).status).toBe(404);
      await db.query(`create table public.${table} (id int)`);
      await db.query(`grant select on public.${table} to anon`);
      await restService.reloadSchema();
      const found = await restService.handler(request());
      expect(found.status).toBe(200);
      expect(found.raw).toBe('[]');

      // A table dropped behind a stale cache: Postgres' own 42P01 maps to 404.
      await db.query(`drop table public.${table}`);
      const dropped = await restService.handler(request()).catch((error: unknown) => error);
      expect((dropped as HttpError).status).toBe(404);
      expect((dropped as HttpError).body).toMatchObject({ code: '42P01' });
    } finally {
      await restService.close();
      await db.query(`drop table if exists public.${table}`);
      await pool.end();
    }
  });
});
