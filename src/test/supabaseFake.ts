import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * The one stand-in for supabase-js in unit and component tests (the database and end-to-end suites
 * use the real client against the local backend). A test says how the server answers each table,
 * function and edge function it reaches, and reads back what was asked: every builder method
 * called, with its arguments, in order. Pages reach the client through loadSupabase, so a test
 * file swaps that module for this one:
 *
 *   vi.mock('@/lib/loadSupabase', () => import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase));
 */

/** One request: `from:<table>`, `rpc:<function>` or `invoke:<edge function>`. */
export interface FakeCall {
  target: string;
  /** The function's arguments or the edge function's body; undefined for a table. */
  args: unknown;
  /** The builder methods called on it (select, eq, order, range, single ...), in order. */
  steps: { method: string; args: unknown[] }[];
}

/** What the server answers; a missing part is null, as supabase-js gives it. */
export interface FakeAnswer {
  data?: unknown;
  error?: unknown;
  count?: number | null;
}

export type Responder = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

interface Settled {
  data: unknown;
  error: unknown;
  count: number | null;
  status: number;
  statusText: string;
}

export function createSupabaseFake() {
  const responders = new Map<string, Responder>();
  const calls: FakeCall[] = [];

  async function answer(call: FakeCall): Promise<Settled> {
    const responder = responders.get(call.target);
    if (!responder) throw new Error(`The supabase-js fake has no answer for ${call.target}`);
    const { data = null, error = null, count = null } = await responder(call);
    return { data, error, count, status: error ? 400 : 200, statusText: error ? 'Error' : 'OK' };
  }

  /** A query builder: every method is recorded and chains; awaiting it asks the responder. */
  function builder(call: FakeCall): unknown {
    let settled: Promise<Settled> | undefined;
    const chain: unknown = new Proxy(
      {},
      {
        get(_target, property) {
          if (property === 'then') {
            settled ??= answer(call);
            return settled.then.bind(settled);
          }
          return (...args: unknown[]) => {
            call.steps.push({ method: String(property), args });
            return chain;
          };
        },
      },
    );
    return chain;
  }

  function record(target: string, args: unknown, steps: FakeCall['steps'] = []): FakeCall {
    const call = { target, args, steps };
    calls.push(call);
    return call;
  }

  const client = {
    from: (table: string) => builder(record(`from:${table}`, undefined)),
    rpc: (name: string, args?: unknown, options?: unknown) =>
      builder(record(`rpc:${name}`, args, options ? [{ method: 'options', args: [options] }] : [])),
    functions: {
      invoke: async (name: string, options?: { body?: unknown }) => {
        const { data, error } = await answer(record(`invoke:${name}`, options?.body));
        return { data, error };
      },
    },
  };

  return {
    // A partial client: what the pages under test call. A call it lacks fails loudly.
    client: client as unknown as AppSupabaseClient,
    /** How the server answers `target` from now on. */
    answer(target: string, responder: Responder | FakeAnswer): void {
      responders.set(target, typeof responder === 'function' ? responder : () => responder);
    },
    /** The requests made to `target` (or all), oldest first. */
    calls(target?: string): FakeCall[] {
      return calls.filter((call) => target === undefined || call.target === target);
    },
    /** The last request made to `target`. */
    lastCall(target: string): FakeCall {
      const call = calls.findLast((made) => made.target === target);
      if (!call) throw new Error(`Nothing asked for ${target}`);
      return call;
    },
    /** Forgets every answer and request (each test's beforeEach). */
    reset(): void {
      responders.clear();
      calls.length = 0;
    },
  };
}

/** The arguments of every `method` step of `call`, in order. */
export function stepsOf(call: FakeCall, method: string): unknown[][] {
  return call.steps.filter((step) => step.method === method).map((step) => step.args);
}

export const supabaseFake = createSupabaseFake();

/** The module `@/lib/loadSupabase` as a test file mocks it. */
export const asLoadSupabase = {
  loadSupabase: () => Promise.resolve(supabaseFake.client),
};
