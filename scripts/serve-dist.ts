/**
 * Serves the built site the way the static host will: files as they are, then the `_redirects`
 * rules, then 404.html with status 404 for every other path; the `_headers` rules applied to every
 * response and responses gzipped.
 * Usage: tsx scripts/serve-dist.ts [--port 4173]
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import compression from 'compression';
import sirv from 'sirv';
import {
  hostingFiles,
  matchRedirect,
  notFoundPage,
  parseHeadersFile,
  parseRedirectsFile,
} from './lib/hosting';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4173' } } });
const port = Number(values.port);
const dist = resolve(import.meta.dirname, '..', 'dist');

if (!existsSync(join(dist, notFoundPage))) {
  console.error('dist/ has no built site: run `npm run build:local` (or `npm run build`) first.');
  process.exit(1);
}

const headerRules = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'));
const redirectRules = parseRedirectsFile(readFileSync(join(dist, '_redirects'), 'utf8'));
const notFoundHtml = readFileSync(join(dist, notFoundPage));
const hidden = new Set(hostingFiles.map((file) => `/${file}`));
const serveFile = sirv(dist, { etag: true });
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

const handler = (request: IncomingMessage, response: ServerResponse) => {
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

// Both loopback families, so "localhost" works whichever one the client resolves first.
let listening = 0;
for (const host of ['127.0.0.1', '::1']) {
  const server = createServer(handler);
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') console.error(`Port ${port} on ${host} is already in use.`);
    else if (error.code !== 'EADDRNOTAVAIL') console.error(error.message);
    if (error.code === 'EADDRINUSE') process.exit(1);
  });
  server.listen(port, host, () => {
    listening += 1;
    if (listening === 1) console.log(`Serving dist/ at http://localhost:${port}/`);
  });
}
