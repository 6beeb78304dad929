/**
 * `npm run bench:backend`: latency and throughput of the local backend, each next to the same work
 * done directly with the pg client where there is one:
 * - a REST select with an embedded resource (vs the same select in SQL) and token refresh, at 1 and
 *   50 concurrent clients;
 * - realtime insert-to-delivery through postgres_changes (vs LISTEN/NOTIFY of the same insert);
 * - password sign-ins per second at 1, 10 and 50 clients, cold (each sign-in a different user, so
 *   bcrypt runs every time) and warm (each client signs its own user in again and again, which skips
 *   bcrypt, see src/auth/verified-passwords.ts);
 * - the REST select (and its SQL) at 10 clients alone and while 20 clients sign in; exits 1 when
 *   its p50 beside the sign-ins is over 3x its p50 alone.
 * It starts its own throwaway backend on free ports with the fixture schema. Both sides are measured
 * by the same loop (fetch with keep-alive vs pg), so the ratio is fair. BENCH_SECONDS sets each row's
 * duration (default 5).
 */
import type { RealtimeChannel } from '@supabase/supabase-js';
import pg from 'pg';
import { LOCAL_ANON_KEY } from '../src/keys';
import { startTestBackend, type TestBackend } from '../src/testing';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const password = 'Password123';
const restPath =
  '/rest/v1/books?select=id,title,author:authors!books_author_id_fkey(name),reviews(rating)&order=id';
const directSql = `
  select coalesce(json_agg(row), '[]'::json) from (
    select b.id, b.title,
      (select json_build_object('name', a.name) from public.authors a where a.id = b.author_id) as author,
      (select coalesce(json_agg(json_build_object('rating', r.rating)), '[]'::json) from public.reviews r where r.book_id = b.id) as reviews
    from public.books b order by b.id
  ) row`;
/**
 * The cold rows take about 5 row-lengths of hashing between them (1 client uses one core, the
 * others both, and two rows run beside other work), and each cold user costs one hash and a few
 * inserts to create: signing users up for twice as long makes enough unless the machine gets much
 * busier meanwhile (a row that runs out is marked).
 */
const coldUserSeconds = durationSeconds * 10;
/** The budget: REST p50 beside 20 clients signing in as fast as they can, against REST alone. */
const maxRestSlowdownBesideSignIns = 3;

interface Figures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

const instance = await startTestBackend();
try {
  const sessions: { access: string; refresh: string }[] = [];
  for (let index = 0; index < 50; index += 1) {
    const client = instance.anonClient();
    const email = `bench-${index}-${Date.now()}@example.com`;
    const { data, error } = await client.auth.signUp({
      email,
      password,
      options: { data: { name: `Bench ${index}` } },
    });
    if (error || !data.session)
      throw new Error(`Could not create a bench user: ${error?.message ?? 'no session'}`);
    sessions.push({ access: data.session.access_token, refresh: data.session.refresh_token });
  }
  const restHeaders = {
    apikey: LOCAL_ANON_KEY,
    Authorization: `Bearer ${sessions[0]?.access ?? ''}`,
  };
  const pool = new pg.Pool({ connectionString: instance.dbUrl, max: 50 });
  pool.on('error', () => undefined);
  const restOnce = async () => {
    const response = await fetch(`${instance.url}${restPath}`, { headers: restHeaders });
    await expectOk(response);
    await response.arrayBuffer();
  };
  const directOnce = async () => {
    await pool.query(directSql);
  };

  const rows: { what: string; clients: number; api: Figures; direct?: Figures }[] = [];
  for (const clients of [1, 50]) {
    const api = await measure(clients, restOnce);
    const direct = await measure(clients, directOnce);
    rows.push({ what: 'REST select + embed', clients, api, direct });

    // Each client follows its own session's rotation chain: every refresh returns the next token to use.
    const chains = sessions.slice(0, clients);
    const refresh = await measure(clients, async (client) => {
      const chain = chains[client] as { refresh: string };
      const response = await fetch(`${instance.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: chain.refresh }),
      });
      await expectOk(response);
      chain.refresh = ((await response.json()) as { refresh_token: string }).refresh_token;
    });
    rows.push({ what: 'token refresh', clients, api: refresh });
  }

  const realtime = await measureRealtime(instance, pool);

  const coldEmails = await createUsers({ seconds: coldUserSeconds });
  const nextColdEmail = () => coldEmails.pop();
  const coldLeft = () => coldEmails.length > 0;
  const warmEmails = await createUsers({ count: 50 });
  const signIn = async (email: string) => {
    const response = await fetch(`${instance.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    await expectOk(response);
    await response.arrayBuffer();
  };
  const coldSignIn = async () => {
    const email = nextColdEmail();
    if (email) await signIn(email);
  };
  // Each client signs its own user in: concurrent sign-ins of one user queue for the auth.users row
  // each transaction updates (last_sign_in_at). Each has signed in once already.
  const warmSignIn = (client: number) => signIn(warmEmails[client] as string);
  await Promise.all(warmEmails.map((_, client) => warmSignIn(client)));

  const restAlone = await measure(10, restOnce);
  const directAlone = await measure(10, directOnce);
  // The sign-ins' own rate beside REST shows what the hashing threads' lower priority costs them.
  const [restDuringCold, coldBesideRest] = await Promise.all([
    measure(10, restOnce),
    measure(20, coldSignIn, coldLeft),
  ]);
  const coldRanOutBesideRest = !coldLeft();
  const [directDuringCold] = await Promise.all([
    measure(10, directOnce),
    measure(20, coldSignIn, coldLeft),
  ]);
  const [restDuringWarm, warmBesideRest] = await Promise.all([
    measure(10, restOnce),
    measure(20, warmSignIn),
  ]);
  const [directDuringWarm] = await Promise.all([measure(10, directOnce), measure(20, warmSignIn)]);
  // After the rows beside REST, which matter more: if the cold users run out, these rows end early.
  const signIns: { clients: number; cold: Figures; warm: Figures; coldRanOut: boolean }[] = [];
  for (const clients of [1, 10, 50]) {
    const cold = await measure(clients, coldSignIn, coldLeft);
    const coldRanOut = !coldLeft();
    const warm = await measure(clients, warmSignIn);
    signIns.push({ clients, cold, warm, coldRanOut });
  }
  await pool.end();

  console.log(`Local backend benchmark: ${durationSeconds} s per row, latencies in ms`);
  console.log(
    '  what                 clients |    p50    p95    p99   req/s | pg direct p50    p95    p99   req/s | p50 ratio',
  );
  for (const row of rows) {
    const direct = row.direct
      ? `| ${fmt(row.direct.p50, 13)} ${fmt(row.direct.p95, 6)} ${fmt(row.direct.p99, 6)} ${fmt(row.direct.rps, 7, 0)} | ${fmt(row.api.p50 / row.direct.p50, 8, 1)}x`
      : '|';
    console.log(
      `  ${row.what.padEnd(20)} ${String(row.clients).padStart(7)} | ${fmt(row.api.p50, 6)} ${fmt(row.api.p95, 6)} ${fmt(row.api.p99, 6)} ${fmt(row.api.rps, 7, 0)} ${direct}`,
    );
  }
  console.log('');
  console.log(
    '  realtime insert-to-delivery, 1 writer |    p50    p95    p99 events/s | LISTEN/NOTIFY p50    p95    p99',
  );
  console.log(
    `  ${'postgres_changes'.padEnd(37)} | ${fmt(realtime.api.p50, 6)} ${fmt(realtime.api.p95, 6)} ${fmt(realtime.api.p99, 6)} ${fmt(realtime.api.rps, 8, 0)} | ${fmt(realtime.direct.p50, 17)} ${fmt(realtime.direct.p95, 6)} ${fmt(realtime.direct.p99, 6)}`,
  );
  console.log('');
  console.log(
    '  password sign-in     clients | cold:  p50    p95 sign-ins/s | warm:  p50    p95 sign-ins/s',
  );
  for (const { clients, cold, warm, coldRanOut } of signIns) {
    console.log(
      `  ${''.padEnd(20)} ${String(clients).padStart(7)} | ${fmt(cold.p50, 11)} ${fmt(cold.p95, 6)} ${fmt(cold.rps, 10, 1)}${coldRanOut ? '*' : ' '}| ${fmt(warm.p50, 11)} ${fmt(warm.p95, 6)} ${fmt(warm.rps, 10, 1)}`,
    );
  }
  console.log(
    '  (cold: each sign-in a different user, bcrypt every time; warm: each client signs its own user in again and again)',
  );
  console.log('');
  console.log(
    '  REST select, 10 clients             |    p50    p99   req/s | pg direct p50    p99   req/s | p50 vs alone | sign-ins/s',
  );
  for (const [what, api, direct, signInsBeside] of [
    ['alone', restAlone, directAlone, undefined],
    ['while 20 clients sign in, cold', restDuringCold, directDuringCold, coldBesideRest],
    ['while 20 clients sign in, warm', restDuringWarm, directDuringWarm, warmBesideRest],
  ] as const) {
    const ranOut = signInsBeside === coldBesideRest && coldRanOutBesideRest ? '*' : '';
    const beside = signInsBeside ? `${fmt(signInsBeside.rps, 10, 1)}${ranOut}` : '';
    console.log(
      `  ${what.padEnd(35)} | ${fmt(api.p50, 6)} ${fmt(api.p99, 6)} ${fmt(api.rps, 7, 0)} | ${fmt(direct.p50, 13)} ${fmt(direct.p99, 6)} ${fmt(direct.rps, 7, 0)} | ${fmt(api.p50 / restAlone.p50, 11, 2)}x | ${beside}`,
    );
  }
  if (signIns.some((row) => row.coldRanOut) || coldRanOutBesideRest) {
    console.log(
      '  * the cold users ran out during this row, so it ended early (raise coldUserSeconds)',
    );
  }
  const worst = Math.max(restDuringCold.p50, restDuringWarm.p50) / restAlone.p50;
  if (worst > maxRestSlowdownBesideSignIns) {
    console.error(
      `REST p50 beside 20 clients signing in is ${worst.toFixed(2)}x its p50 alone; the budget is ${maxRestSlowdownBesideSignIns}x.`,
    );
    process.exitCode = 1;
  }
} finally {
  await instance.stop();
}

function fmt(value: number, width: number, digits = 2): string {
  return value.toFixed(digits).padStart(width);
}

async function expectOk(response: Response): Promise<void> {
  if (!response.ok)
    throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
}

/** New confirmed users with the bench password, each with a hash of its own: `count` of them, or
 * as many as sign up in `seconds`. */
async function createUsers(limit: { count: number } | { seconds: number }): Promise<string[]> {
  const stamp = Date.now().toString(36);
  const emails: string[] = [];
  const end = 'seconds' in limit ? Date.now() + limit.seconds * 1000 : Infinity;
  const wanted = 'count' in limit ? limit.count : Infinity;
  let started = 0;
  // A few at a time keeps both bcrypt threads busy.
  await Promise.all(
    Array.from({ length: Math.min(8, wanted) }, async () => {
      while (started < wanted && Date.now() < end) {
        const email = `bench-${stamp}-${started++}@example.com`;
        const response = await fetch(`${instance.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        await expectOk(response);
        await response.arrayBuffer();
        emails.push(email);
      }
    }),
  );
  return emails;
}

/**
 * One writer inserts a row, waits for it to arrive and inserts the next: through a postgres_changes
 * subscription (the change feed polls the replication slot), and, for comparison, through a LISTEN
 * connection that the same insert notifies.
 */
async function measureRealtime(
  backend: TestBackend,
  db: pg.Pool,
): Promise<{ api: Figures; direct: Figures }> {
  const label = `bench-${Date.now().toString(36)}`;
  const insert = `insert into public.realtime_samples (label, amount) values ($1, 1) returning id`;

  const arrivals = arrivalsOfIds();
  const client = backend.anonClient();
  const channel = client
    .channel(label)
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'realtime_samples', filter: `label=eq.${label}` },
      (payload) => arrivals.arrived(String((payload.new as { id: number }).id)),
    );
  await subscribed(channel);
  const api = await measure(1, async () => {
    const { rows } = await db.query<{ id: string }>(insert, [label]);
    await arrivals.of(String(rows[0]?.id));
  });
  await client.removeAllChannels();

  const notified = arrivalsOfIds();
  const listener = new pg.Client({ connectionString: backend.dbUrl });
  await listener.connect();
  try {
    listener.on('notification', (message) => notified.arrived(message.payload ?? ''));
    await listener.query('listen bench_samples');
    const direct = await measure(1, async () => {
      const { rows } = await db.query<{ id: string }>(
        `with inserted as (${insert}) select pg_notify('bench_samples', id::text), id from inserted`,
        [`${label}-direct`],
      );
      await notified.of(String(rows[0]?.id));
    });
    return { api, direct };
  } finally {
    await listener.end();
  }
}

/** Ids that arrived, and writers waiting for theirs (an event may come before its insert returns). */
function arrivalsOfIds() {
  const seen = new Set<string>();
  const waiting = new Map<string, () => void>();
  return {
    arrived(id: string): void {
      const resolve = waiting.get(id);
      if (resolve) {
        waiting.delete(id);
        resolve();
      } else seen.add(id);
    },
    of(id: string): Promise<void> {
      if (seen.delete(id)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`row ${id} never arrived`)), 10_000);
        waiting.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else reject(new Error(`realtime subscription: ${status} ${error?.message ?? ''}`));
    });
  });
}

/**
 * Runs `task` from `clients` concurrent loops for the benchmark's duration (or until `more` says
 * there is no more work) and summarises latencies. Throughput counts the time until the last task
 * in flight finished, so slow tasks that end after the deadline do not inflate it.
 */
async function measure(
  clients: number,
  task: (client: number) => Promise<void>,
  more: () => boolean = () => true,
): Promise<Figures> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = Date.now() + durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < end && more()) {
        const taskStarted = performance.now();
        await task(client);
        latencies.push(performance.now() - taskStarted);
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * quantile))] ?? 0;
  return {
    count: latencies.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    rps: latencies.length / elapsedSeconds,
  };
}
