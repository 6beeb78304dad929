import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { env } from '@/lib/env';
import { App } from './App';
import { pageDescriptions } from '@/content/pageDescriptions';
import { renderPageHead, resolvePageMeta } from './head';
import { buildPaths, matchAppRoute, notFoundMeta, type AppRoute } from './routes';

export interface PrerenderedPage {
  path: string;
  rendering: AppRoute['rendering'];
  /** The page's source module, to find its chunks in the client manifest. */
  source: string;
  head: string;
  /** Whether the page belongs in the sitemap: indexable and its own canonical address. */
  indexable: boolean;
  /**
   * The page's markup; for a client-rendered page its shell (AppRoute.shell), else empty: the
   * page is rendered in the browser.
   */
  html: string;
  /** Whether `html` is a protected page's shell, which the app replaces as soon as it starts. */
  shell: boolean;
}

/** Renders one path the way the browser's first render will, waiting for its lazy page to load. */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const match = matchAppRoute(path);
  if (!match) throw new Error(`No route serves ${path}`);
  const meta = match.route.meta(match.params);
  if (!meta) throw new Error(`The route for ${path} does not know this path`);
  const page = {
    path,
    rendering: match.route.rendering,
    source: match.route.page.source,
    head: renderPageHead(resolvePageMeta(meta, pageDescriptions), path, env.siteUrl),
    indexable: match.route.rendering === 'static' && !meta.noindex && !meta.canonicalPath,
  };
  const shell = match.route.rendering === 'client' && match.route.shell === true;
  if (match.route.rendering === 'client' && !shell) return { ...page, html: '', shell };
  return { ...page, html: await renderToHtml(path, shell), shell };
}

/** The client shell: the host's 404.html for unknown paths, which renders the not-found page. */
export function shellHead(): string {
  return renderPageHead(resolvePageMeta(notFoundMeta, pageDescriptions), '/', env.siteUrl);
}

export function allBuildPaths(): string[] {
  return buildPaths().map(({ path }) => path);
}

async function renderToHtml(path: string, shell: boolean): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path}>
        <App shell={shell} />
      </StaticRouter>
    </StrictMode>,
    {
      // React would fall back to client rendering; a page that cannot prerender must fail the build.
      onError: (error) => void errors.push(error),
      // Keep every boundary inline: React outlines large ones behind an inline script, which the
      // Content-Security-Policy (script-src 'self') rightly refuses.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  if (errors.length > 0) throw new Error(`Prerendering ${path} failed`, { cause: errors[0] });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
