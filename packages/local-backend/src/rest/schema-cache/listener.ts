import type pg from 'pg';
import type { Logger } from '../../http/types';

export interface SchemaListener {
  close(): Promise<void>;
}

const retryDelayMs = 1000;

/**
 * Holds one pooled connection that LISTENs on the `pgrst` channel, as PostgREST does, and calls
 * `onReload` for `NOTIFY pgrst, 'reload schema'` (or an empty payload). Reconnects after a lost
 * connection until closed.
 */
export async function listenForSchemaReloads(
  pool: pg.Pool,
  onReload: () => void,
  log: Logger,
): Promise<SchemaListener> {
  let closed = false;
  let current: { client: pg.PoolClient; drop: () => void } | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== 'pgrst') return;
    const payload = (message.payload ?? '').trim();
    if (payload === '' || payload === 'reload schema') onReload();
  };

  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    let released = false;
    const drop = () => {
      if (released) return;
      released = true;
      client.release(true);
    };
    client.on('notification', onNotification);
    client.on('error', (error) => {
      log.error('rest: the schema listener lost its connection', error);
      drop();
      if (current?.client === client) current = undefined;
      scheduleReconnect();
    });
    try {
      await client.query('listen pgrst');
    } catch (error) {
      drop();
      throw error;
    }
    if (closed) drop();
    else current = { client, drop };
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      // Notifications sent while disconnected were lost: reload once listening again.
      connect()
        .then(() => onReload())
        .catch(() => scheduleReconnect());
    }, retryDelayMs);
    retryTimer.unref();
  };

  await connect();

  return {
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const listening = current;
      current = undefined;
      if (!listening) return;
      await listening.client.query('unlisten pgrst').catch(() => undefined);
      listening.drop();
    },
  };
}
