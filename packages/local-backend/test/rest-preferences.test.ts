import { createClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { db, restFixture, serviceRaw } from './rest-support';
import { backendUrl } from './shared';

restFixture({ books: false });

// A type alias, not an interface: supabase-js wants rows assignable to Record<string, unknown>.
type Counter = {
  id: number;
  label: string;
  value: number;
};

/** The schema this file uses; PostgREST 13+ is what lets supabase-js offer maxAffected. */
interface Database {
  __InternalSupabase: { PostgrestVersion: '13' };
  public: {
    Tables: {
      counters: {
        Row: Counter;
        Insert: Pick<Counter, 'id' | 'label'> & Partial<Counter>;
        Update: Partial<Counter>;
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      delete_counters: { Args: { below: number }; Returns: Counter[] };
      bump_counter: { Args: { counter: number }; Returns: number };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
}

const service = createClient<Database>(backendUrl, LOCAL_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
});

/** This file's rows of public.counters: ids 100 to 104, values 0. */
const ids = [100, 101, 102, 103, 104];

beforeEach(async () => {
  await db.query('delete from public.counters where id >= 100');
  await db.query(
    `insert into public.counters (id, label, value) select id, 'counter ' || id, 0 from unnest($1::bigint[]) as id`,
    [ids],
  );
});

async function values(): Promise<number[]> {
  const { rows } = await db.query<{ value: number }>(
    'select value from public.counters where id >= 100 order by id',
  );
  return rows.map((row) => row.value);
}

const exceeds = (affected: number) => ({
  code: 'PGRST124',
  message: 'Query result exceeds max-affected preference constraint',
  details: `The query affects ${affected} rows`,
  hint: null,
});

describe('max-affected', () => {
  it('refuses an update touching more rows than allowed, changing nothing', async () => {
    const { error, status } = await service
      .from('counters')
      .update({ value: 9 })
      .gte('id', 100)
      .lte('id', 102)
      .maxAffected(2);
    expect(status).toBe(400);
    expect(error).toEqual(exceeds(3));
    expect(await values()).toEqual([0, 0, 0, 0, 0]);

    const allowed = await service
      .from('counters')
      .update({ value: 9 })
      .gte('id', 100)
      .lte('id', 102)
      .maxAffected(3);
    expect(allowed.error).toBeNull();
    expect(allowed.status).toBe(204);
    expect(await values()).toEqual([9, 9, 9, 0, 0]);
  });

  it('refuses a delete touching more rows than allowed, deleting nothing', async () => {
    const { error, status } = await service.from('counters').delete().gte('id', 100).maxAffected(4);
    expect(status).toBe(400);
    expect(error).toEqual(exceeds(5));
    expect(await values()).toHaveLength(5);
  });

  it('ignores max-affected without handling=strict, and names it as applied only with it', async () => {
    const lenient = await serviceRaw('/counters?id=gte.100', {
      method: 'PATCH',
      headers: { Prefer: 'handling=lenient, max-affected=1' },
      body: JSON.stringify({ value: 1 }),
    });
    expect(lenient.status).toBe(204);
    expect(lenient.headers.get('preference-applied')).toBe('handling=lenient');
    expect(await values()).toEqual([1, 1, 1, 1, 1]);

    const strict = await serviceRaw('/counters?id=eq.100', {
      method: 'PATCH',
      headers: { Prefer: 'return=representation, handling=strict, max-affected=1' },
      body: JSON.stringify({ value: 2 }),
    });
    expect(strict.status).toBe(200);
    expect(strict.headers.get('preference-applied')).toBe(
      'return=representation, handling=strict, max-affected=1',
    );
  });

  it('limits the rows a set-returning function returns, undoing what it did', async () => {
    const { error, status } = await service.rpc('delete_counters', { below: 103 }).maxAffected(2);
    expect(status).toBe(400);
    expect(error).toEqual(exceeds(3));
    expect(await values()).toHaveLength(5);

    const single = await service.rpc('bump_counter', { counter: 100 }).maxAffected(1);
    expect(single.status).toBe(400);
    expect(single.error).toEqual({
      code: 'PGRST128',
      message:
        'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
      details: null,
      hint: null,
    });
    expect(await values()).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('handling=strict', () => {
  it('answers 400 PGRST122 for preferences PostgREST does not know', async () => {
    const response = await serviceRaw('/counters?select=id', {
      headers: { Prefer: 'handling=strict, count=exact, anything, nulls=stripped' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: anything, nulls=stripped',
      hint: null,
    });

    const lenient = await serviceRaw('/counters?select=id&id=eq.100', {
      headers: { Prefer: 'count=exact, anything' },
    });
    expect(lenient.status).toBe(200);
    expect(lenient.headers.get('preference-applied')).toBe('count=exact');
  });
});

describe('timezone', () => {
  it('reads timestamps in the preferred time zone, and refuses one Postgres does not know', async () => {
    const response = await serviceRaw('/books?select=created_at&limit=1', {
      headers: { Prefer: 'timezone=Asia/Kolkata' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('preference-applied')).toBe('timezone=Asia/Kolkata');
    const [book] = (await response.json()) as { created_at: string }[];
    expect(book?.created_at).toMatch(/\+05:30$/);

    const invalid = await serviceRaw('/books?select=id&limit=1', {
      headers: { Prefer: 'timezone=Invalid/Timezone' },
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      code: '22023',
      message: 'invalid value for parameter "TimeZone": "Invalid/Timezone"',
      details: null,
      hint: null,
    });
  });
});

describe('tx=rollback under db-tx-end = commit', () => {
  it('commits anyway and does not claim the preference', async () => {
    const { data, error, status } = await service
      .from('counters')
      .insert({ id: 105, label: 'kept' })
      .select('id, label')
      .rollback();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ id: 105, label: 'kept' }]);
    const { rows } = await db.query('select label from public.counters where id = 105');
    expect(rows).toEqual([{ label: 'kept' }]);

    const strict = await serviceRaw('/counters?id=eq.101', {
      method: 'DELETE',
      headers: { Prefer: 'tx=rollback, handling=strict, return=representation' },
    });
    expect(strict.status).toBe(200);
    expect(strict.headers.get('preference-applied')).toBe('return=representation, handling=strict');
    const deleted = await db.query('select id from public.counters where id = 101');
    expect(deleted.rows).toEqual([]);
  });
});
