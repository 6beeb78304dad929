import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * The one stand-in for supabase-js in unit and component tests (the database and end-to-end suites
 * use the real client against the local backend). A test says how the server answers each table,
 * function, edge function and auth method it reaches, reads back what was asked (every builder
 * method called, with its arguments, in order), and pushes what the server pushes: row changes and
 * statuses on realtime channels, auth events. Pages reach the client through loadSupabase, so a test
 * file swaps that module for this one:
 *
 *   vi.mock('@/lib/loadSupabase', () => import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase));
 *
 * and a module that imports the client itself swaps `@/lib/supabase` for `asSupabaseModule`.
 */

/**
 * One request: `from:<table>`, `rpc:<function>`, `invoke:<edge function>`, `auth:<method>` (the
 * MFA ones as `auth:mfa.<method>`), `channel:<name>` or `removeChannel:<name>`.
 */
export interface FakeCall {
  target: string;
  /** The function's arguments, the edge function's body or the auth method's first argument. */
  args: unknown;
  /** The builder methods called on it (select, eq, order, range, single, on, subscribe ...), in order. */
  steps: { method: string; args: unknown[] }[];
}

/** What the server answers; a missing part is null, as supabase-js gives it. */
export interface FakeAnswer {
  data?: unknown;
  error?: unknown;
  count?: number | null;
}

export type Responder = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/** A row change on a realtime channel, as `postgres_changes` listeners receive it. */
export interface FakeChange {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new?: unknown;
  old?: unknown;
}

export type ChannelStatus = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED';

interface Settled {
  data: unknown;
  error: unknown;
  count: number | null;
  status: number;
  statusText: string;
}

// What supabase-js settles a request with when its abort signal fires before the answer.
const abortedAnswer: Settled = {
  data: null,
  error: {
    message: 'AbortError: This operation was aborted',
    details: '',
    hint: 'Request was aborted (timeout or manual cancellation)',
    code: '',
  },
  count: null,
  status: 0,
  statusText: '',
};

type AuthListener = (event: AuthChangeEvent, session: Session | null) => void;

interface PostgresListener {
  filter: { event: string; table?: string };
  handler: (payload: unknown) => void;
}

interface OpenChannel {
  name: string;
  listeners: PostgresListener[];
  onStatus: (status: ChannelStatus, error?: Error) => void;
  subscribed: boolean;
  removed: boolean;
}

export function createSupabaseFake() {
  const responders = new Map<string, Responder>();
  const calls: FakeCall[] = [];
  const authListeners = new Set<AuthListener>();
  const channels = new Map<object, OpenChannel>();

  async function respond(call: FakeCall): Promise<Settled> {
    const responder = responders.get(call.target);
    if (!responder) throw new Error(`The supabase-js fake has no answer for ${call.target}`);
    const { data = null, error = null, count = null } = await responder(call);
    return { data, error, count, status: error ? 400 : 200, statusText: error ? 'Error' : 'OK' };
  }

  function reply(call: FakeCall): Promise<Settled> {
    const signal = stepsOf(call, 'abortSignal').at(-1)?.[0] as AbortSignal | undefined;
    if (!signal) return respond(call);
    const aborted = new Promise<Settled>((settle) => {
      if (signal.aborted) settle(abortedAnswer);
      signal.addEventListener('abort', () => settle(abortedAnswer), { once: true });
    });
    return Promise.race([respond(call), aborted]);
  }

  /** A query builder: every method is recorded and chains; awaiting it asks the responder. */
  function builder(call: FakeCall): unknown {
    let settled: Promise<Settled> | undefined;
    const chain: unknown = new Proxy(
      {},
      {
        get(_target, property) {
          if (property === 'then') {
            settled ??= reply(call);
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

  /** Auth methods answer `{ data, error }`, as supabase-js's do. */
  function authMethods(prefix: string, own: Record<string, unknown> = {}): unknown {
    return new Proxy(own, {
      get(target, property) {
        if (typeof property !== 'string' || property === 'then') return undefined;
        if (property in target) return target[property];
        return async (args?: unknown) => {
          const { data, error } = await reply(record(`${prefix}${property}`, args));
          return { data, error };
        };
      },
    });
  }

  function channel(name: string) {
    const call = record(`channel:${name}`, undefined);
    const open: OpenChannel = {
      name,
      listeners: [],
      onStatus: () => undefined,
      subscribed: false,
      removed: false,
    };
    const handle = {
      on(type: string, filter: PostgresListener['filter'], handler: PostgresListener['handler']) {
        call.steps.push({ method: 'on', args: [type, filter, handler] });
        if (type === 'postgres_changes') open.listeners.push({ filter, handler });
        return handle;
      },
      subscribe(onStatus?: OpenChannel['onStatus']) {
        call.steps.push({ method: 'subscribe', args: [onStatus] });
        if (onStatus) open.onStatus = onStatus;
        open.subscribed = true;
        return handle;
      },
    };
    channels.set(handle, open);
    return handle;
  }

  const client = {
    from: (table: string) => builder(record(`from:${table}`, undefined)),
    rpc: (name: string, args?: unknown, options?: unknown) =>
      builder(record(`rpc:${name}`, args, options ? [{ method: 'options', args: [options] }] : [])),
    functions: {
      invoke: async (name: string, options?: { body?: unknown }) => {
        const { data, error } = await reply(record(`invoke:${name}`, options?.body));
        return { data, error };
      },
    },
    auth: authMethods('auth:', {
      mfa: authMethods('auth:mfa.'),
      onAuthStateChange(listener: AuthListener) {
        record('auth:onAuthStateChange', undefined);
        authListeners.add(listener);
        return {
          data: { subscription: { unsubscribe: () => void authListeners.delete(listener) } },
        };
      },
    }),
    channel,
    removeChannel: (handle: object) => {
      const open = channels.get(handle);
      if (!open) throw new Error('removeChannel was given a channel the fake did not open');
      record(`removeChannel:${open.name}`, undefined);
      open.removed = true;
      return Promise.resolve('ok');
    },
  };

  /** The channels named `name` that are subscribed and not removed. */
  function listening(name: string): OpenChannel[] {
    return [...channels.values()].filter(
      (open) => open.name === name && open.subscribed && !open.removed,
    );
  }

  return {
    // A partial client: what the code under test calls. A call it lacks fails loudly.
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
    /** The server sends a row change to the open channels named `name`; it fails if none listens. */
    emitChange(name: string, change: FakeChange): void {
      const listeners = listening(name)
        .flatMap((open) => open.listeners)
        .filter(({ filter }) => [change.eventType, '*'].includes(filter.event));
      if (listeners.length === 0)
        throw new Error(`Nothing listens for ${change.eventType} on ${name}`);
      for (const { filter, handler } of listeners)
        handler({ schema: 'public', table: filter.table, new: {}, old: {}, ...change });
    },
    /** The open channels named `name` reach `status` (a dropped connection: CHANNEL_ERROR). */
    emitStatus(name: string, status: ChannelStatus, error?: Error): void {
      const open = listening(name);
      if (open.length === 0) throw new Error(`No channel ${name} is subscribed`);
      open.forEach(({ onStatus }) => onStatus(status, error));
    },
    /** auth-js tells its listeners of `event`, as onAuthStateChange does. */
    emitAuth(event: AuthChangeEvent, session: Session | null): void {
      authListeners.forEach((listener) => listener(event, session));
    },
    /** Forgets every answer, request, auth listener and channel (each test's beforeEach). */
    reset(): void {
      responders.clear();
      calls.length = 0;
      authListeners.clear();
      channels.clear();
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
  // Already loaded, so reads (src/lib/loadReader.ts) use the fake too.
  loadedSupabase: () => supabaseFake.client,
};

/** The module `@/lib/supabase`, for code that imports the client itself. */
export const asSupabaseModule = { supabase: supabaseFake.client };
