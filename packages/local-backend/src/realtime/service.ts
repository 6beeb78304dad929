import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { apiKeyRefusal, tokenForApiKey, type ApiKeyPolicy } from '../http/api-keys';
import type { HttpError, ServiceDeps } from '../http/types';
import { startChangeFeed } from './changes';
import { Connection, type Channel, type ChannelContext } from './channels';
import { deliverChanges } from './delivery';
import { SUPPORTED_VERSIONS, type SerializerVersion } from './phoenix';
import { checkToken } from './tokens';
import { TypeCatalog } from './types';

export interface RealtimeService {
  /** Takes over an HTTP upgrade to /realtime/v1/websocket. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

const PUBLICATION = 'supabase_realtime';
const POLL_INTERVAL_MS = 50;
const WEBSOCKET_PATH = '/realtime/v1/websocket';
/** How long close() lets clients answer the close handshake before cutting them off. */
const CLOSE_GRACE_MS = 500;

/**
 * /realtime/v1/websocket: Phoenix channels with postgres_changes. The upgrade passes the gateway's
 * API key rules (`apiKeys`) first, as hosted's gateway stands in front of Realtime too.
 */
export async function createRealtimeService(
  deps: ServiceDeps & { connectionString: string; apiKeys: ApiKeyPolicy },
): Promise<RealtimeService> {
  const context: ChannelContext = {
    pool: deps.pool,
    log: deps.log,
    publication: PUBLICATION,
    topics: new Map(),
  };
  const connections = new Set<Connection>();
  const types = new TypeCatalog(deps.pool);
  const server = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  let closing = false;

  const feed = await startChangeFeed({
    connectionString: deps.connectionString,
    publication: PUBLICATION,
    pollIntervalMs: POLL_INTERVAL_MS,
    log: deps.log,
    onChanges: async (changes) => {
      const subscribers: Channel[] = [...connections].flatMap(
        (connection) => connection.subscribers,
      );
      try {
        await deliverChanges({ pool: deps.pool, types, log: deps.log }, changes, subscribers);
      } catch (error) {
        deps.log.error('realtime: delivering changes failed', error);
      }
    },
  });

  const accept = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== WEBSOCKET_PATH && url.pathname !== `${WEBSOCKET_PATH}/`) {
      refuse(socket, 404, 'Not found');
      return;
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (!SUPPORTED_VERSIONS.includes(vsn as SerializerVersion)) {
      refuse(socket, 400, `Unsupported serializer version: ${vsn}`);
      return;
    }
    const header = request.headers['x-api-key'];
    const apikey =
      (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('apikey');
    if (!apikey) {
      refuse(socket, 401, 'API key is missing');
      return;
    }
    const keyRefusal = apiKeyRefusal(apikey, request.headers['user-agent'], deps.apiKeys);
    if (keyRefusal) {
      refuseWith(socket, keyRefusal);
      return;
    }
    const token = tokenForApiKey(apikey);
    const check = await checkToken(token);
    if (!check.ok) {
      refuse(socket, 401, check.message);
      return;
    }
    if (closing || socket.destroyed) {
      socket.destroy();
      return;
    }
    server.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection(ws, vsn as SerializerVersion, token, context);
      connections.add(connection);
      ws.on('close', () => connections.delete(connection));
    });
  };

  let closed: Promise<void> | undefined;
  const closeAll = async () => {
    closing = true;
    await feed.close();
    await Promise.all([...connections].map((connection) => connection.goAway(CLOSE_GRACE_MS)));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    handleUpgrade: (request, socket, head) => {
      socket.on('error', () => socket.destroy());
      if (closing) {
        socket.destroy();
        return;
      }
      accept(request, socket, head).catch((error: unknown) => {
        deps.log.error('realtime: upgrade failed', error);
        refuse(socket, 500, 'An unexpected error occurred');
      });
    },
    close: () => {
      closed ??= closeAll();
      return closed;
    },
  };
}

/** Refuses an upgrade with the JSON error hosted Realtime answers (C9). */
function refuse(socket: Duplex, status: number, message: string): void {
  refuseWith(socket, { status, body: { message }, headers: {} });
}

/** Refuses an upgrade with an HTTP answer: a status, a JSON body and any extra headers. */
function refuseWith(
  socket: Duplex,
  { status, body, headers }: Pick<HttpError, 'status' | 'body' | 'headers'>,
): void {
  if (socket.destroyed) return;
  const json = JSON.stringify(body);
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'Connection: close',
      '',
      json,
    ].join('\r\n'),
  );
}
