/**
 * Serves the built site the way the static host will: files as they are, then the `_redirects`
 * rules, then 404.html with status 404 for every other path; the `_headers` rules applied to every
 * response and responses gzipped (scripts/lib/site-server.ts).
 * Usage: tsx scripts/serve-dist.ts [--port 4173]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isBuiltSite, listenOnLoopback, siteHandler } from './lib/site-server';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4173' } } });
const port = Number(values.port);
const dist = resolve(import.meta.dirname, '..', 'dist');

if (!isBuiltSite(dist)) {
  console.error('dist/ has no built site: run `npm run build:local` (or `npm run build`) first.');
  process.exit(1);
}

try {
  const site = await listenOnLoopback(siteHandler(dist), port);
  console.log(`Serving dist/ at ${site.origin}/`);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(code === 'EADDRINUSE' ? `Port ${port} is already in use.` : String(error));
  process.exit(1);
}
