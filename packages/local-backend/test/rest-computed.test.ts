import { describe, expect, it } from 'vitest';
import { anon, authorId, bookIds, restFixture, service, suffix } from './rest-support';

restFixture({ books: true });

describe('functions as embedded resources', () => {
  it('embeds a function returning a set of rows as an array, a single row as an object', async () => {
    const { data, error } = await anon
      .from('books')
      .select('title, top_reviews(rating), first_author(name)')
      .eq('id', bookIds[0])
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      title: `Alpha ${suffix}`,
      top_reviews: [{ rating: 5 }, { rating: 4 }],
      first_author: { name: `Rest Author ${suffix}` },
    });
  });

  it('filters the embedded rows, and with !inner the parents', async () => {
    const { data } = await anon
      .from('books')
      .select('id, top_reviews!inner(rating)')
      .eq('author_id', authorId)
      .gte('top_reviews.rating', 5);
    expect(data).toEqual([{ id: bookIds[0], top_reviews: [{ rating: 5 }] }]);
  });
});

describe('computed columns', () => {
  it('selects, filters and orders by a function of the row, which * leaves out', async () => {
    const { data, error } = await anon
      .from('books')
      .select('id, loud:shouted_title')
      .eq('author_id', authorId)
      .like('shouted_title', '%A %')
      .order('shouted_title', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: bookIds[2], loud: `GAMMA ${suffix.toUpperCase()}` },
      { id: bookIds[3], loud: `DELTA ${suffix.toUpperCase()}` },
      { id: bookIds[1], loud: `BETA ${suffix.toUpperCase()}` },
      { id: bookIds[0], loud: `ALPHA ${suffix.toUpperCase()}` },
    ]);

    const { data: all } = await anon.from('books').select('*').eq('id', bookIds[0]).single();
    expect(all).not.toHaveProperty('shouted_title');
  });

  it('reads computed columns and embedded functions of rows a function or a write returns', async () => {
    const called = await anon
      .rpc('books_by_author', { author: authorId })
      .select('shouted_title, first_author(name)')
      .eq('pages', 300)
      .single();
    expect(called.data).toEqual({
      shouted_title: `GAMMA ${suffix.toUpperCase()}`,
      first_author: { name: `Rest Author ${suffix}` },
    });

    const written = await service
      .from('books')
      .update({ pages: 101 })
      .eq('id', bookIds[0])
      .select('pages, shouted_title, top_reviews(rating)')
      .single();
    expect(written.data).toEqual({
      pages: 101,
      shouted_title: `ALPHA ${suffix.toUpperCase()}`,
      top_reviews: [{ rating: 5 }, { rating: 4 }],
    });
    await service.from('books').update({ pages: 100 }).eq('id', bookIds[0]);
  });
});
