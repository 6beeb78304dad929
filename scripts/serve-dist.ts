/**
 * Serves the built site the way the static host will: prerendered pages as files, every other path
 * through the client-rendered shell (app.html), the `_headers` rules applied and responses gzipped.
 * Usage: tsx scripts/serve-dist.ts [--port 4173]
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import compression from 'compression';
import sirv from 'sirv';
import { parseHeadersFile } from './lib/hosting';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4173' } } });
const port = Number(values.port);
const dist = resolve(import.meta.dirname, '..', 'dist');

if (!existsSync(join(dist, 'app.html'))) {
  console.error('dist/ has no built site: run `npm run build:local` (or `npm run build`) first.');
  process.exit(1);
}

const headerRules = parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'));
const serveFile = sirv(dist, { single: 'app.html', etag: true });
const compress = compression();

const handler = (
  request: Parameters<typeof serveFile>[0],
  response: Parameters<typeof serveFile>[1],
) => {
  const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
  for (const rule of headerRules) {
    if (rule.pattern.test(pathname))
      for (const [name, value] of rule.headers) response.setHeader(name, value);
  }
  compress(request as never, response as never, () => serveFile(request, response));
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
