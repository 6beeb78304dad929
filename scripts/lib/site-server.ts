import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import {
  hostingFiles,
  matchRedirect,
  notFoundPage,
  parseHeadersFile,
  parseRedirectsFile,
} from './hosting';

/**
 * Serves a built site the way the static host will: files as they are, then the `_redirects` rules,
 * then 404.html with status 404 for every other path; the `_headers` rules applied to every response
 * and responses gzipped. `npm run preview` (scripts/serve-dist.ts) serves dist/ with it, and each
 * end-to-end worker its own copy (e2e/support/servers.ts).
 */
export type SiteHandler = (request: IncomingMessage, response: ServerResponse) => void;

export function siteHandler(dir: string): SiteHandler {
  const headerRules = parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
  const redirectRules = parseRedirectsFile(readFileSync(join(dir, '_redirects'), 'utf8'));
  const notFoundHtml = readFileSync(join(dir, notFoundPage));
  const hidden = new Set(hostingFiles.map((file) => `/${file}`));
  const serveFile = sirv(dir, { etag: true });
  const compress = compression();

  function notFound(request: IncomingMessage, response: ServerResponse): void {
    response.statusCode = 404;
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(request.method === 'HEAD' ? undefined : notFoundHtml);
  }

  function afterFiles(request: IncomingMessage, response: ServerResponse, pathname: string): void {
    const rule = matchRedirect(redirectRules, pathname);
    if (!rule) return notFound(request, response);
    const search = new URL(request.url ?? '/', 'http://localhost').search;
    if (rule.status !== 200) {
      response.statusCode = rule.status;
      response.setHeader('Location', rule.location + search);
      response.end();
      return;
    }
    request.url = rule.location + search;
    serveFile(request, response, () => notFound(request, response));
  }

  return (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    for (const rule of headerRules) {
      if (rule.pattern.test(pathname))
        for (const [name, value] of rule.headers) response.setHeader(name, value);
    }
    compress(request as never, response as never, () => {
      if (hidden.has(pathname)) return notFound(request, response);
      serveFile(request, response, () => afterFiles(request, response, pathname));
    });
  };
}

/** Whether `dir` holds a built site (npm run build:local or npm run build). */
export function isBuiltSite(dir: string): boolean {
  return existsSync(join(dir, notFoundPage));
}

export interface RunningSite {
  /** http://localhost:<port> */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on both loopback families with one port, so "localhost" works whichever one the client
 * resolves first. Port 0 takes a free port (the IPv4 one; when IPv6 loopback already has it taken,
 * another is tried). Rejects with EADDRINUSE when a given port is taken.
 */
export async function listenOnLoopback(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  port: number,
): Promise<RunningSite> {
  for (let attempt = 1; ; attempt += 1) {
    const v4 = await listen(createServer(handler), port, '127.0.0.1');
    const chosen = (v4.address() as AddressInfo).port;
    const v6 = await listen(createServer(handler), chosen, '::1').catch(
      (error: NodeJS.ErrnoException) => error,
    );
    if (v6 instanceof Error) {
      // A machine without IPv6 loopback has only the IPv4 server.
      if (v6.code === 'EADDRNOTAVAIL' || v6.code === 'EAFNOSUPPORT') return running(chosen, [v4]);
      await closeServer(v4);
      if (v6.code !== 'EADDRINUSE' || port !== 0 || attempt === 5) throw v6;
      continue;
    }
    return running(chosen, [v4, v6]);
  }
}

function running(port: number, servers: Server[]): RunningSite {
  return {
    origin: `http://localhost:${port}`,
    port,
    close: async () => {
      await Promise.all(servers.map(closeServer));
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
