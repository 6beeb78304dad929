import { describe, expect, it } from 'vitest';
import { anon, authorId, db, raw, restFixture } from './rest-support';

restFixture({ books: true });

const ambiguousHint =
  'Try renaming the parameters or the function itself in the database so function overloading can be resolved';

describe('overloaded functions', () => {
  it('calls the overload whose parameters fit the argument names, by POST and by GET', async () => {
    expect((await anon.rpc('pick', { a: 2 })).data).toBe('a');
    expect((await anon.rpc('pair', { a: 1, b: 2 })).data).toBe('a, b');
    expect((await anon.rpc('pair', { a: 1, c: 'x' })).data).toBe('a, c');
    expect((await anon.rpc('pair', { a: 1, b: 2 }, { get: true })).data).toBe('a, b');
  });

  it('answers 300 PGRST203 when several overloads fit, never a database error', async () => {
    const none = await anon.rpc('pick');
    expect(none.status).toBe(300);
    expect(none.error).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.pick(), public.pick(a => integer)',
      details: null,
      hint: ambiguousHint,
    });

    const optional = await anon.rpc('pair', { a: 1 });
    expect(optional.status).toBe(300);
    expect(optional.error?.message).toBe(
      'Could not choose the best candidate function between: public.pair(a => integer), public.pair(a => integer, b => integer)',
    );

    const bodies = await anon.rpc('body_of', { anything: true });
    expect(bodies.status).toBe(300);
    expect(bodies.error?.message).toBe(
      'Could not choose the best candidate function between: public.body_of( => json), public.body_of( => jsonb)',
    );
  });

  it('calls a function whose one unnamed text parameter has a default', async () => {
    const { data, error } = await anon.rpc('plain_text');
    expect(error).toBeNull();
    expect(data).toBe('plain');
  });

  it('answers 404 PGRST202 for a function with two unnamed parameters', async () => {
    const { error, status } = await anon.rpc('add_unnamed');
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST202',
      message:
        'Could not find the function public.add_unnamed without parameters in the schema cache',
      details:
        'Searched for the function public.add_unnamed without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });
});

describe('counting rpc results', () => {
  it('counts the rows of a set-returning function with count: exact', async () => {
    const rows = await anon.rpc('books_by_author', { author: authorId }, { count: 'exact' });
    expect(rows.error).toBeNull();
    expect(rows.status).toBe(200);
    expect(rows.count).toBe(4);

    const page = await anon
      .rpc('books_by_author', { author: authorId }, { count: 'exact' })
      .select('id')
      .order('id')
      .range(0, 1);
    expect(page.status).toBe(206);
    expect(page.count).toBe(4);
    expect(page.data).toHaveLength(2);

    const scalars = await anon.rpc('book_ids_by_author', { author: authorId }, { count: 'exact' });
    expect(scalars.count).toBe(4);
    expect(scalars.data).toHaveLength(4);

    const single = await anon.rpc('add_numbers', { a: 1, b: 2 }, { count: 'exact' });
    expect(single.data).toBe(3);
    expect(single.count).toBe(1);
  });

  it('answers 206 when the rows counted are more than max-rows returns', async () => {
    const exact = await anon.rpc('numbers', { n: 1500 }, { count: 'exact' });
    expect(exact.status).toBe(206);
    expect(exact.count).toBe(1500);
    expect(exact.data).toHaveLength(1000);

    const estimated = await anon.rpc('numbers', { n: 1500 }, { head: true, count: 'estimated' });
    expect(estimated.status).toBe(206);
    expect(estimated.count).toBe(1500);
    expect(estimated.data).toBeNull();
  });

  it('gives no total for count=planned on a function, as PostgREST plans no count for calls', async () => {
    const response = await raw('/rpc/numbers?n=1500', {
      method: 'HEAD',
      headers: { Prefer: 'count=planned' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('0-999/*');
    expect(response.headers.get('preference-applied')).toBe('count=planned');
  });
});

describe('counting table reads', () => {
  it('answers 206 for planned and estimated counts beyond max-rows, with the estimate', async () => {
    // Fresh statistics make the planner's estimate the table's size.
    await db.query('analyze public.many_rows');
    for (const count of ['planned', 'estimated', 'exact'] as const) {
      const {
        status,
        count: total,
        data,
      } = await anon.from('many_rows').select('*', { count, head: true });
      expect({ count, status, total, data }).toEqual({
        count,
        status: 206,
        total: 1200,
        data: null,
      });
    }

    const small = await anon.from('many_rows').select('id', { count: 'estimated' }).lte('id', 5);
    expect(small.status).toBe(200);
    expect(small.count).toBe(5);
  });
});
