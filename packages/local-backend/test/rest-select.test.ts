import { describe, expect, it } from 'vitest';
import {
  anon,
  authorId,
  bookIds,
  emptyAuthorId,
  restFixture,
  service,
  suffix,
} from './rest-support';

restFixture({ books: true });

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
