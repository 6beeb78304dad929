/**
 * pg_net's background worker, played by the backend. net.http_get / http_post / http_delete queue a
 * row in net.http_request_queue within the caller's transaction, and the stand-in extension's
 * trigger sends NOTIFY pg_net_wake, which Postgres delivers only when that transaction commits. The
 * worker LISTENs for it (and polls every 10 s as a safety net, which also catches requests queued
 * while the backend was down), sends each committed request with fetch under its own
 * timeout_milliseconds, and then records the outcome in net._http_response and deletes the queue
 * row in one statement (responses.ts). A request cut short by stop() stays queued and is sent at the
 * next start.
 * Like pg_net, it has at most pg_net.batch_size (200) requests in flight and deletes responses older
 * than pg_net.ttl (6 hours) whenever it reads the queue; both settings are read from the database.
 */
import type pg from 'pg';
import type { Logger, ServiceDeps } from '../http/types';
import { recordResponses } from './responses';
import { sendRequest, type QueuedRequest } from './send';

/** A row of claimSql: the batch size, and a queued request unless none is waiting. */
type ClaimedRow = { batch_size: number } & (QueuedRequest | { [K in keyof QueuedRequest]: null });

export interface NetWorker {
  stop(): Promise<void>;
}

const wakeChannel = 'pg_net_wake';
/** The worker's connection shows under this name in pg_stat_activity (net.check_worker_is_up). */
const workerName = 'pg_net worker';
const pollIntervalMs = 10_000;
const reconnectDelayMs = 1_000;

/**
 * One statement per read of the queue, as pg_net's worker does each time round: expire old
 * responses, then take the oldest requests not yet in flight, as many as the batch has room for.
 */
const claimSql = `
with settings as (
  select coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval as ttl,
         coalesce(nullif(current_setting('pg_net.batch_size', true), ''), '200')::integer as batch_size
), expired as (
  delete from net._http_response where created < now() - (select ttl from settings)
)
select settings.batch_size, queued.id::text as id, queued.method, queued.url, queued.headers,
       queued.body, queued.timeout_milliseconds
  from settings left join lateral (
    select * from net.http_request_queue
     where not (id = any($1::bigint[]))
     order by id
     limit greatest(settings.batch_size - cardinality($1::bigint[]), 0)
  ) as queued on true`;

const undefinedTable = '42P01';

export async function startNetWorker(deps: Pick<ServiceDeps, 'pool' | 'log'>): Promise<NetWorker> {
  const { pool, log } = deps;
  let stopped = false;
  const stopping = new AbortController();
  const inFlight = new Map<string, Promise<void>>();
  /** pg_net.batch_size as last read: how many requests may be in flight at once. */
  let batchSize = 200;
  /** Whether the last read filled every free slot, so more may be waiting. */
  let backlog = false;
  let draining: Promise<void> | undefined;
  let drainAgain = false;
  let pollTimer: NodeJS.Timeout | undefined;

  const report = (message: string, error: unknown) => {
    if (!stopped) log.error(message, error);
  };
  const responses = recordResponses(pool, (error) =>
    report('pg_net: recording responses failed', error),
  );

  const deliver = async (request: QueuedRequest) => {
    const outcome = await sendRequest(request, stopping.signal);
    if (!stopped) await responses.record(request.id, outcome);
  };

  const drainOnce = async () => {
    if (inFlight.size >= batchSize) {
      backlog = true;
      return;
    }
    let rows: ClaimedRow[];
    try {
      ({ rows } = await pool.query<ClaimedRow>(claimSql, [[...inFlight.keys()]]));
    } catch (error) {
      // No migration has created the extension yet: nothing can be queued.
      if ((error as { code?: string }).code === undefinedTable) return;
      throw error;
    }
    batchSize = rows[0]?.batch_size ?? batchSize;
    const requests = rows.filter((row): row is ClaimedRow & QueuedRequest => row.id !== null);
    backlog = inFlight.size + requests.length >= batchSize;
    for (const request of requests) {
      const delivered = deliver(request).finally(() => {
        inFlight.delete(request.id);
        // Refilled by halves rather than one request at a time.
        if (backlog && inFlight.size <= batchSize / 2) drain();
      });
      inFlight.set(request.id, delivered);
    }
  };

  // One read of the queue at a time; a wake during a read makes it read again afterwards.
  const drain = () => {
    if (stopped) return;
    if (draining) {
      drainAgain = true;
      return;
    }
    draining = (async () => {
      try {
        do {
          drainAgain = false;
          await drainOnce();
        } while (drainAgain && !stopped);
      } catch (error) {
        report('pg_net: reading the request queue failed', error);
      } finally {
        draining = undefined;
      }
    })();
  };

  const poll = () => {
    if (stopped) return;
    pollTimer = setTimeout(() => {
      drain();
      poll();
    }, pollIntervalMs);
    pollTimer.unref();
  };

  const listener = await listenForWakes(pool, log, drain, () => stopped);
  drain();
  poll();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(pollTimer);
      stopping.abort();
      await draining;
      await Promise.allSettled(inFlight.values());
      await listener.close();
    },
  };
}

/**
 * Holds one pooled connection, named 'pg_net worker', that LISTENs on pg_net_wake and calls `wake`
 * for each notification; reconnects after a lost connection (and wakes, for what it missed).
 */
async function listenForWakes(
  pool: pg.Pool,
  log: Logger,
  wake: () => void,
  isStopped: () => boolean,
): Promise<{ close(): Promise<void> }> {
  let current: { client: pg.PoolClient; drop: () => void } | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = await pool.connect();
    let released = false;
    const drop = () => {
      if (released) return;
      released = true;
      // Destroyed rather than returned: it carries the worker's name and its LISTEN.
      client.release(true);
    };
    client.on('notification', (message) => {
      if (message.channel === wakeChannel) wake();
    });
    client.on('error', (error) => {
      if (!isStopped()) log.error('pg_net: the worker lost its connection', error);
      drop();
      if (current?.client === client) current = undefined;
      reconnectLater();
    });
    try {
      await client.query(`set application_name = '${workerName}'`);
      await client.query(`listen ${wakeChannel}`);
    } catch (error) {
      drop();
      throw error;
    }
    if (isStopped()) drop();
    else current = { client, drop };
  };

  const reconnectLater = () => {
    if (isStopped() || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect()
        .then(wake)
        .catch(() => reconnectLater());
    }, reconnectDelayMs);
    retryTimer.unref();
  };

  await connect();

  return {
    close: async () => {
      clearTimeout(retryTimer);
      const listening = current;
      current = undefined;
      if (!listening) return;
      await listening.client.query(`unlisten ${wakeChannel}`).catch(() => undefined);
      listening.drop();
    },
  };
}
