/**
 * Production build: the client bundle, a server bundle of the same app, then every route written out
 * as HTML. Marketing routes are prerendered with their content; client-rendered (portal) routes get
 * their head tags and an empty root; 404.html, the client shell, answers every other path.
 *
 * Usage: tsx scripts/build.ts [--local]
 * --local builds the production bundle against the local backend (the values in .env.development),
 * as the tests and Lighthouse need; without it the environment must name the hosted project, and
 * the build refuses to start while src/content/site.ts lists placeholders (sitePlaceholders).
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build, loadEnv, type Manifest } from 'vite';
import { site, sitePlaceholders } from '../src/content/site';
import { parsePublicEnv } from '../src/lib/publicEnv';
import {
  headersFile,
  notFoundPage,
  pagesShadowedByRules,
  parseRedirectsFile,
  redirectsFile,
} from './lib/hosting';
import { placeholderReport } from './lib/placeholders';
import { securityTxt } from './lib/securityTxt';
import type * as ServerEntryModule from '../src/app/entry-server';

type ServerEntry = typeof ServerEntryModule;

const { values } = parseArgs({ options: { local: { type: 'boolean', default: false } } });

// Placeholders ship only in a local build; a production build stops first, before touching dist/.
const placeholders = values.local ? null : placeholderReport(sitePlaceholders);
if (placeholders) {
  console.error(placeholders);
  process.exit(1);
}
const mode = 'production';
const root = resolve(import.meta.dirname, '..');
if (values.local) process.loadEnvFile(join(root, '.env.development'));
const dist = join(root, 'dist');
const serverDist = join(root, 'dist-ssr');

const env = parsePublicEnv(loadEnv(mode, root, 'VITE_'));

await rm(dist, { recursive: true, force: true });
await rm(serverDist, { recursive: true, force: true });
await build({ mode, logLevel: 'warn' });
await build({
  mode,
  logLevel: 'warn',
  build: { ssr: 'src/app/entry-server.tsx', outDir: serverDist },
});

const template = await readFile(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(
  await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;
const server = (await import(
  pathToFileURL(join(serverDist, 'entry-server.js')).href
)) as ServerEntry;

/**
 * What every client-rendered page loads on demand before it shows anything: the portal's providers
 * and guard, the session, and the header's menus. (The header's signed-in controls and their menu
 * library are not among them: they have a placeholder of their size, and startApp.tsx loads them
 * once the page's own code is in.)
 */
const authSession = 'src/lib/auth/authSession.ts';
const portalEntries = [
  'src/app/PortalProviders.tsx',
  authSession,
  'src/components/layout/SolutionsMenu.tsx',
  'src/components/layout/MobileNav.tsx',
];
const firstQueriesEntry = 'src/app/firstQueries.ts';
const appEntry = 'src/app/startApp.tsx';
for (const key of [...portalEntries, firstQueriesEntry, appEntry]) {
  if (!manifest[key]) throw new Error(`The client manifest has no chunk for ${key}.`);
}

// The host answers every path that is not a file with the not-found page (scripts/lib/hosting.ts),
// so a route with parameters must name each path it serves.
const unlisted = server.allBuildPaths().filter((path) => /[:*]/.test(path));
if (unlisted.length > 0) {
  throw new Error(
    `${unlisted.join(', ')}: list the route's buildPaths in src/app/routes.ts; the host answers any path without a file with ${notFoundPage} and status 404.`,
  );
}

const indexable: string[] = [];
for (const path of server.allBuildPaths()) {
  const page = await server.prerenderPage(path);
  const html = fillTemplate(
    page.head,
    preloadLinks(page.source, page.rendering === 'client' ? 'portal' : 'prerendered'),
    page.html,
    page.shell,
  );
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) {
    throw new Error(`${path} contains an inline script, which the Content-Security-Policy blocks.`);
  }
  const file = path === '/' ? join(dist, 'index.html') : join(dist, path, 'index.html');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
  if (page.indexable) indexable.push(path);
}

await writeFile(
  join(dist, notFoundPage),
  fillTemplate(server.shellHead(), preloadLinks('', 'not-found'), '', false),
);
await writeFile(join(dist, 'sitemap.xml'), sitemap(indexable));
await writeFile(
  join(dist, 'robots.txt'),
  `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', env.VITE_SITE_URL).href}\n`,
);
await mkdir(join(dist, '.well-known'), { recursive: true });
await writeFile(
  join(dist, '.well-known', 'security.txt'),
  securityTxt({ securityEmail: site.securityEmail, siteUrl: env.VITE_SITE_URL, now: new Date() }),
);
await writeFile(join(dist, '_headers'), headersFile(env));
const redirects = redirectsFile();
const shadowed = pagesShadowedByRules(parseRedirectsFile(redirects), server.allBuildPaths());
if (shadowed.length > 0) {
  throw new Error(`_redirects would hide these pages on Cloudflare Pages: ${shadowed.join(', ')}`);
}
await writeFile(join(dist, '_redirects'), redirects);
await rm(serverDist, { recursive: true, force: true });
console.log(
  `Built ${server.allBuildPaths().length} pages (${indexable.length} in the sitemap) into dist/${values.local ? ' against the local backend' : ''}.`,
);

/**
 * The page: `shell` marks a protected page's prerendered shell for the entry (src/app/main.tsx).
 * The code's preloads go where preloadLinks says.
 */
function fillTemplate(head: string, preloads: Preloads, body: string, shell: boolean): string {
  return (preloads.inlineStylesheet ? withInlineStylesheet(template) : template)
    .replace('<!--app-head-->', head + preloads.withHead + typefacePreload())
    .replace('\n  </head>', `${preloads.endOfHead}\n  </head>`)
    .replace(
      '<div id="root"><!--app-html-->',
      `<div id="root"${shell ? ' data-shell' : ''}>${body}`,
    );
}

/**
 * The site's stylesheet in the page itself: a page whose first view is painted from its code or its
 * shell paints as soon as its HTML is in, instead of a round trip later, and its stylesheet does not
 * share the connection with the forty scripts fetched beside it (on Slow 4G that is half a second,
 * or more where the host does not send the stylesheet first). Prerendered pages link it: it is
 * cached across them.
 */
function withInlineStylesheet(html: string): string {
  const link = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/.exec(html);
  if (!link?.[1]) throw new Error('The template links no stylesheet to inline.');
  const css = readFileSync(join(dist, link[1]), 'utf8').trim();
  if (css.includes('</style'))
    throw new Error('The stylesheet cannot be inlined: it contains </style.');
  return html.replace(link[0], () => `<style>${css}</style>`);
}

/**
 * The brand typeface, preloaded from every page so that text is painted in it at once: the file
 * the stylesheet names (Vite gave it a hashed name).
 */
function typefacePreload(): string {
  const stylesheet = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/.exec(template)?.[1];
  const css = stylesheet ? readFileSync(join(dist, stylesheet), 'utf8') : '';
  const font = /url\((\/assets\/source-sans-3-latin-wght-normal-[^)]+\.woff2)\)/.exec(css)?.[1];
  if (!font) throw new Error('The stylesheet names no Source Sans 3 latin file to preload.');
  return `\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="${font}">`;
}

/**
 * The app (src/app/startApp.tsx, marked `data-app`: the entry imports it) and the page's own chunks,
 * with what they import, that the entry does not already load. A prerendered page lists them in an
 * inert template that the entry (src/app/main.tsx) activates after the first view, so none of them
 * is fetched ahead of the page's content. A page that needs its code to show anything (a portal
 * page, its shell, the not-found page) lists them at the end of its head, to be fetched with the
 * HTML instead of after the entry has run, at low priority, for servers that order their answers
 * by it; such a page carries its stylesheet (withInlineStylesheet). A portal page also needs the
 * code it loads on demand before it can show anything (the session, the portal's providers and
 * guard): listed with the rest, all of it is fetched at once instead of in a chain of discoveries.
 */
interface Preloads {
  /** Where the page's head tags go, before the entry and the stylesheet. */
  withHead: string;
  /** Last in the head. */
  endOfHead: string;
  /** Whether the site's stylesheet goes in the page (withInlineStylesheet). */
  inlineStylesheet: boolean;
}

function preloadLinks(source: string, page: 'prerendered' | 'portal' | 'not-found'): Preloads {
  const alreadyLoaded = new Set(chunkClosure('index.html'));
  // A portal page's first queries (src/app/lazyPage.ts), listed first: a script of their own starts
  // them as soon as these are in (src/app/firstQueries.ts). While the stored session's token is
  // good, neither they nor the page's first render need supabase-js (src/lib/storedSession.ts):
  // such a page leaves it to the app to fetch, so it does not share the connection with the page's
  // code. The first queries fetch it at once when the token has expired.
  const queries = source.replace(/\.tsx$/, '.queries.ts');
  const hasFirstQueries = page === 'portal' && manifest[queries] !== undefined;
  const portalRoots = portalEntries.filter((key) => !(hasFirstQueries && key === authSession));
  const roots = [
    ...(hasFirstQueries ? [firstQueriesEntry, queries] : []),
    appEntry,
    source,
    ...(page === 'portal' ? portalRoots : []),
  ];
  const files = [...new Set(roots.flatMap((root) => chunkClosure(root)))].filter(
    (file) => !alreadyLoaded.has(file),
  );
  const css = files.flatMap((key) => manifest[key]?.css ?? []);
  const atOnce = page !== 'prerendered';
  const indent = atOnce ? '\n    ' : '\n      ';
  const modules = files
    .filter((key) => key !== firstQueriesEntry)
    .map((key) => {
      const role = key === appEntry ? ' data-app' : key === queries ? ' data-first-queries' : '';
      const priority = atOnce ? ' fetchpriority="low"' : '';
      return `${indent}<link rel="modulepreload"${role}${priority} crossorigin href="/${manifest[key]?.file}">`;
    });
  const stylesheets = css.map(
    (file) => `\n    <link rel="stylesheet" crossorigin href="/${file}">`,
  );
  // A portal page asks the backend at once: the connection is opened with the HTML.
  const backend =
    page === 'portal'
      ? `\n    <link rel="preconnect" crossorigin href="${new URL(env.VITE_SUPABASE_URL).origin}">`
      : '';
  // After the link naming its queries module, which it reads (src/app/firstQueries.ts).
  const firstQueriesScript = hasFirstQueries
    ? `\n    <script type="module" async crossorigin src="/${manifest[firstQueriesEntry]?.file}"></script>`
    : '';
  return atOnce
    ? {
        withHead: stylesheets.join(''),
        endOfHead: backend + modules.join('') + firstQueriesScript,
        inlineStylesheet: true,
      }
    : {
        withHead: [
          `\n    <template data-app-chunks>${modules.join('')}\n    </template>`,
          ...stylesheets,
        ].join(''),
        endOfHead: '',
        inlineStylesheet: false,
      };
}

/** A chunk's manifest key and the keys of everything it imports statically, transitively. */
function chunkClosure(key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) chunkClosure(imported, seen);
  return [...seen];
}

function sitemap(paths: string[]): string {
  const urls = paths.map(
    (path) => `  <url><loc>${new URL(path, env.VITE_SITE_URL).href}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
