/**
 * `npm run bench:backend`: latency (p50/p95) and throughput of the local backend for a REST select
 * with an embedded resource and for token refresh, at 1 and 50 concurrent clients, next to the same
 * select run directly with the pg client; then password sign-ins per second at 1, 10 and 50 clients,
 * and REST p50/p99 alone and while 20 clients sign in. It starts its own throwaway backend on free
 * ports with the fixture schema. Both sides are measured by the same loop (fetch with keep-alive vs
 * pg), so the ratio is fair.
 */
import pg from 'pg';
import { LOCAL_ANON_KEY } from '../src/keys';
import { startTestBackend } from '../src/testing';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const restPath =
  '/rest/v1/books?select=id,title,author:authors!books_author_id_fkey(name),reviews(rating)&order=id';
const directSql = `
  select coalesce(json_agg(row), '[]'::json) from (
    select b.id, b.title,
      (select json_build_object('name', a.name) from public.authors a where a.id = b.author_id) as author,
      (select coalesce(json_agg(json_build_object('rating', r.rating)), '[]'::json) from public.reviews r where r.book_id = b.id) as reviews
    from public.books b order by b.id
  ) row`;

interface Figures {
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
      password: 'Password123',
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

  const rows: { what: string; clients: number; api: Figures; direct?: Figures }[] = [];
  for (const clients of [1, 50]) {
    const api = await measure(clients, async () => {
      const response = await fetch(`${instance.url}${restPath}`, { headers: restHeaders });
      await expectOk(response);
      await response.arrayBuffer();
    });
    const direct = await measure(clients, async () => {
      await pool.query(directSql);
    });
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
  await pool.end();

  const signInEmail = `bench-signin-${Date.now()}@example.com`;
  const signUp = await instance.anonClient().auth.signUp({
    email: signInEmail,
    password: 'Password123',
  });
  if (signUp.error) throw new Error(`Could not create the sign-in user: ${signUp.error.message}`);
  const signIn = async () => {
    const response = await fetch(`${instance.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: signInEmail, password: 'Password123' }),
    });
    await expectOk(response);
    await response.arrayBuffer();
  };
  const signIns: { clients: number; figures: Figures }[] = [];
  for (const clients of [1, 10, 50]) {
    signIns.push({ clients, figures: await measure(clients, signIn) });
  }
  const restOnce = async () => {
    const response = await fetch(`${instance.url}${restPath}`, { headers: restHeaders });
    await expectOk(response);
    await response.arrayBuffer();
  };
  const restAlone = await measure(10, restOnce);
  const [restDuringSignIns] = await Promise.all([measure(10, restOnce), measure(20, signIn)]);

  console.log(`Local backend benchmark: ${durationSeconds} s per row, latencies in ms`);
  console.log(
    '  what                 clients |    p50    p95   req/s | pg direct p50    p95   req/s | p50 ratio',
  );
  for (const row of rows) {
    const direct = row.direct
      ? `| ${fmt(row.direct.p50, 13)} ${fmt(row.direct.p95, 6)} ${fmt(row.direct.rps, 7, 0)} | ${fmt(row.api.p50 / row.direct.p50, 8, 1)}x`
      : '|';
    console.log(
      `  ${row.what.padEnd(20)} ${String(row.clients).padStart(7)} | ${fmt(row.api.p50, 6)} ${fmt(row.api.p95, 6)} ${fmt(row.api.rps, 7, 0)} ${direct}`,
    );
  }
  console.log('');
  console.log('  password sign-in     clients |    p50    p95 sign-ins/s');
  for (const { clients, figures } of signIns) {
    console.log(
      `  ${''.padEnd(20)} ${String(clients).padStart(7)} | ${fmt(figures.p50, 6)} ${fmt(figures.p95, 6)} ${fmt(figures.rps, 10, 1)}`,
    );
  }
  console.log('');
  console.log('  REST select, 10 clients            |    p50    p99   req/s');
  for (const [what, figures] of [
    ['alone', restAlone],
    ['while 20 clients sign in', restDuringSignIns],
  ] as const) {
    console.log(
      `  ${what.padEnd(34)} | ${fmt(figures.p50, 6)} ${fmt(figures.p99, 6)} ${fmt(figures.rps, 7, 0)}`,
    );
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

/** Runs `task` from `clients` concurrent loops for the benchmark's duration and summarises latencies. */
async function measure(clients: number, task: (client: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  const end = Date.now() + durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < end) {
        const started = performance.now();
        await task(client);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * quantile))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: latencies.length / durationSeconds };
}
