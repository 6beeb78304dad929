import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServiceDeps } from '../http/types';

export interface RealtimeService {
  /** Takes over an HTTP upgrade to /realtime/v1/websocket. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/** /realtime/v1/websocket: Phoenix channels with postgres_changes. */
export async function createRealtimeService(
  _deps: ServiceDeps & { connectionString: string },
): Promise<RealtimeService> {
  return {
    handleUpgrade: (_request, socket) => {
      socket.end('HTTP/1.1 501 Not Implemented\r\n\r\n');
    },
    close: async () => undefined,
  };
}
