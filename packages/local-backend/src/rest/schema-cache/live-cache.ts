import type pg from 'pg';
import type { Logger } from '../../http/types';
import { listenForSchemaReloads } from './listener';
import { loadSchemaCache } from './load';
import type { SchemaCache } from './types';

export interface LiveSchemaCache {
  current(): SchemaCache;
  /** Re-reads the catalog; calls made while one reload waits share it. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** The schema cache, reloaded on `NOTIFY pgrst` and on demand, one reload at a time. */
export async function openSchemaCache(
  pool: pg.Pool,
  exposedSchemas: readonly string[],
  log: Logger,
): Promise<LiveSchemaCache> {
  let cache = await loadSchemaCache(pool, exposedSchemas);
  let queued: Promise<void> | undefined;
  let running: Promise<void> = Promise.resolve();
  const reload = (): Promise<void> => {
    if (queued) return queued;
    const next = running.then(async () => {
      queued = undefined;
      cache = await loadSchemaCache(pool, exposedSchemas);
    });
    queued = next;
    running = next.catch(() => undefined);
    return next;
  };
  const listener = await listenForSchemaReloads(
    pool,
    () => void reload().catch((error) => log.error('rest: schema reload failed', error)),
    log,
  );
  return { current: () => cache, reload, close: () => listener.close() };
}
