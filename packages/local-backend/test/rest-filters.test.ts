import { describe, expect, it } from 'vitest';
import {
  anon,
  authorId,
  bookIds,
  emptyAuthorId,
  raw,
  restFixture,
  service,
  suffix,
} from './rest-support';

restFixture({ books: true });

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
    expect(pages((await excluded.json()) as { pages: number | null }[])).toEqual([200, 300]);
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
    // Only this file's books: another file's copy of the same books runs beside it.
    const { data } = await anon
      .from('books')
      .select('id')
      .eq('author_id', authorId)
      .eq('meta->>level', '3');
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
    expect(await response.json()).toMatchObject({ code: 'PGRST100' });
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
    expect(await response.json()).toMatchObject({ code: 'PGRST103' });
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
