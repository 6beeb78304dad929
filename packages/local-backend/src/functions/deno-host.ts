/**
 * Runs under Deno, not Node: `deno run … deno-host.ts <entrypoint file URL>`. Loads one edge function, catches
 * the handler it gives `Deno.serve` (or its `export default { fetch }`) and serves it on a free
 * loopback port, which it announces on stdout for the Node side (worker.ts) to proxy to.
 */

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;

interface ServeOptions {
  handler?: Handler;
  onError?: (error: unknown) => Response | Promise<Response>;
  onListen?: (address: { hostname: string; port: number }) => void;
  hostname?: string;
  port?: number;
}

interface DenoApi {
  args: string[];
  serve(options: ServeOptions, handler: Handler): { finished: Promise<void> };
  exit(code: number): never;
  stdin: { readable: ReadableStream<Uint8Array> };
}

declare const Deno: DenoApi;

// A module, so that top-level await is allowed.
export {};

/** Lines starting with this are for the Node side; everything else on stdout is the function's log. */
const MARKER = '@@deno-host@@';

const announce = (event: Record<string, unknown>) =>
  console.log(`${MARKER} ${JSON.stringify(event)}`);

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

let captured: { handler: Handler; onError?: ServeOptions['onError'] } | undefined;
const realServe = Deno.serve.bind(Deno);

const pretendServer = {
  finished: new Promise<void>(() => undefined),
  addr: { transport: 'tcp', hostname: '0.0.0.0', port: 8000 },
  shutdown: async () => undefined,
  ref: () => undefined,
  unref: () => undefined,
  [Symbol.asyncDispose]: async () => undefined,
};

// The shapes Deno.serve accepts: (handler), (options, handler) and ({ ...options, handler }).
(Deno as unknown as { serve: unknown }).serve = (
  first: Handler | ServeOptions,
  second?: Handler,
) => {
  const options = typeof first === 'function' ? {} : first;
  const handler = typeof first === 'function' ? first : (second ?? first.handler);
  if (!handler) throw new TypeError('Deno.serve needs a handler');
  captured = { handler, onError: options.onError };
  options.onListen?.({ hostname: '0.0.0.0', port: 8000 });
  return pretendServer;
};

// Supabase's edge runtime offers EdgeRuntime.waitUntil for work that outlives the response.
(globalThis as Record<string, unknown>).EdgeRuntime = {
  waitUntil: (promise: Promise<unknown>) => {
    promise.catch((error) => console.error(describe(error)));
  },
};

// When the Node side goes away (even without killing us) stdin closes: exit rather than linger.
void (async () => {
  const reader = Deno.stdin.readable.getReader();
  while (!(await reader.read()).done) {
    // Nothing is ever sent on stdin; it only signals the parent's presence.
  }
  Deno.exit(0);
})();

const entrypoint = Deno.args[0];
try {
  if (!entrypoint) throw new Error('deno-host needs the function entrypoint as its argument');
  const module = (await import(entrypoint)) as {
    default?: { fetch?: Handler };
  };
  if (!captured && typeof module.default?.fetch === 'function') {
    const fetchHandler = module.default.fetch.bind(module.default);
    captured = { handler: fetchHandler };
  }
  if (!captured)
    throw new Error('The function neither called Deno.serve nor exported a default fetch');
} catch (error) {
  console.error(describe(error));
  announce({
    event: 'boot-error',
    message: error instanceof Error ? error.message : String(error),
  });
  Deno.exit(1);
}

const { handler, onError } = captured as NonNullable<typeof captured>;

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => announce({ event: 'ready', port }),
  },
  async (request, info) => {
    try {
      return await handler(request, info);
    } catch (error) {
      console.error(describe(error));
      if (onError) return onError(error);
      return Response.json(
        { code: 'WORKER_ERROR', message: 'The function threw an error', error: String(error) },
        { status: 500 },
      );
    }
  },
);
