/**
 * What the rest-*.test.ts files share: clients and raw requests with chosen tokens, users made
 * straight in auth.users, and each file's own author and books.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../src/jwt';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { anonClient, backendUrl, database, serviceClient, uniqueEmail } from './shared';

export const db = database();
export const rest = `${backendUrl}/rest/v1`;
export const suffix = randomUUID().slice(0, 8);
export const service = serviceClient();
export const anon = anonClient();

export function clientWithToken(token: string): SupabaseClient {
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
export async function signedInUser(name = 'Reader') {
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

export function raw(path: string, init: RawInit = {}) {
  return fetch(`${rest}${path}`, {
    ...init,
    headers: { apikey: LOCAL_ANON_KEY, ...init.headers },
  });
}

export function serviceRaw(path: string, init: RawInit = {}) {
  return raw(path, {
    ...init,
    headers: {
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}

/**
 * This file's own author and books, so no other test file's rows change what it sees. Assigned by
 * the beforeAll that restFixture registers; importers read them through ES module live bindings.
 */
export let authorId: number;
export let emptyAuthorId: number;
export let bookIds: number[];

/**
 * Registers the file's hooks: with `books`, its author (Rest Author <suffix>, four books, reviews)
 * and an author without books before its tests, deleted after them; the database pool ends last.
 */
export function restFixture(options: { books: boolean }): void {
  if (options.books) beforeAll(seedBooks);
  afterAll(async () => {
    if (options.books) {
      await db.query('delete from public.books where author_id = $1', [authorId]);
      await db.query('delete from public.authors where id = any($1)', [[authorId, emptyAuthorId]]);
    }
    await db.end();
  });
}

async function seedBooks(): Promise<void> {
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
}
