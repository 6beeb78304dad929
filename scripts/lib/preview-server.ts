import { resolve } from 'node:path';
import { isBuiltSite, listenOnLoopback, siteHandler } from './site-server';

/**
 * Serves the built site as scripts/serve-dist.ts does, in this process, on `port` (a free one by
 * default). A port already taken fails here: the caller never measures another server that
 * happens to answer there.
 */
export async function startPreviewServer(
  port = 0,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const dist = resolve(import.meta.dirname, '..', '..', 'dist');
  if (!isBuiltSite(dist)) {
    throw new Error(
      'dist/ has no built site: run `npm run build:local` (or `npm run build`) first.',
    );
  }
  const site = await listenOnLoopback(siteHandler(dist), port);
  return { origin: site.origin, stop: site.close };
}
