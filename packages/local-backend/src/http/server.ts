import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { MAX_URL_BYTES } from './gateway';
import type { Refuse } from './refusals';

/**
 * Node's limit on the request line and headers together. It is above MAX_URL_BYTES so that a long URL
 * reaches the gateway, which names the URL as the problem; past it Node's parser refuses the request
 * and clientError below answers.
 */
export const MAX_HEADER_BYTES = 2 * MAX_URL_BYTES;

/**
 * The API server: Node's HTTP server with the gateway's limits and JSON for the parser's refusals,
 * worded by `refuse` as the gateway words its own.
 */
export function createApiServer(listener: RequestListener, refuse: Refuse): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, listener);
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) =>
    answerClientError(error, socket, refuse),
  );
  return server;
}

/**
 * Node answers a request its parser refuses with a bare status line. Every answer of the API is JSON,
 * so this writes the same refusal the gateway would, in the shape of the service the request line
 * names when it was read. The parser cannot carry on after such an error, so the connection closes.
 */
function answerClientError(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Duplex,
  refuse: Refuse,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const message =
    status === 431
      ? `The request line and headers are larger than ${MAX_HEADER_BYTES / 1024} KB`
      : status === 408
        ? 'The request took too long to arrive'
        : 'The request is not valid HTTP';
  const target = /^[A-Z]+ (\/\S*)/.exec(error.rawPacket?.toString('latin1', 0, 256) ?? '')?.[1];
  const answer = refuse(target, status, message);
  const body = JSON.stringify(answer.body);
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Access-Control-Allow-Origin': '*',
    Connection: 'close',
    ...answer.headers,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`);
}
