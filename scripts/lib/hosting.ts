import type { PublicEnv } from '../../src/lib/publicEnv';
import { site } from '../../src/content/site';
import { turnstileScriptUrl } from '../../src/lib/captcha/scriptUrl';

/**
 * The static host's configuration, written next to the built site in the `_headers` / `_redirects`
 * format that Netlify and Cloudflare Pages read (other hosts: copy the same rules).
 */
export function contentSecurityPolicy(env: PublicEnv): string {
  const supabase = new URL(env.VITE_SUPABASE_URL);
  const realtime = `${supabase.protocol === 'https:' ? 'wss:' : 'ws:'}//${supabase.host}`;
  const player = new URL(env.VITE_PLAYER_BASE_URL).origin;
  // The public account forms' captcha: its script, the frame it draws its check in and the requests
  // it makes (Cloudflare documents all three for Turnstile); locally, the backend's stand-in.
  const captcha = captchaOrigin(env);
  const withCaptcha = captcha ? ` ${captcha}` : '';
  // Error reports (docs/monitoring.md) go to the DSN's ingest host, only when a DSN is built in.
  const reports = errorReportOrigin(env);
  const withReports = reports ? ` ${reports}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${withCaptcha}`,
    // No inline style attributes: React, Radix, embla and sonner all set styles through the CSSOM,
    // which the policy does not govern. Inline <style> elements stay allowed, because two libraries
    // write them at run time and neither can be told not to: Radix's scroll lock behind every modal
    // dialog and menu (react-remove-scroll-bar, whose rules depend on the scrollbar's width, so no
    // hash can name them) and sonner, which inserts its stylesheet when it loads. A hash in the
    // directive would disable 'unsafe-inline' for both. (Pages painted from their code carry the
    // site's stylesheet in a <style> element too: scripts/build.ts says why.) style-src is the fallback for browsers
    // without the two directives below (Safari before 15.4, Firefox before 108).
    "style-src 'self' 'unsafe-inline'",
    "style-src-elem 'self' 'unsafe-inline'",
    "style-src-attr 'none'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self' ${supabase.origin} ${realtime}${withCaptcha}${withReports}`,
    `frame-src ${site.videoHost} ${player}${withCaptcha}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The origin the captcha script loads from, when the site is built with a captcha site key. */
export function captchaOrigin(env: PublicEnv): string | null {
  if (!env.VITE_CAPTCHA_SITE_KEY?.trim()) return null;
  return new URL(env.VITE_CAPTCHA_SCRIPT_URL || turnstileScriptUrl).origin;
}

/** The origin the browser sends error reports to, when the site is built with a Sentry DSN. */
export function errorReportOrigin(env: PublicEnv): string | null {
  if (!env.VITE_SENTRY_DSN?.trim()) return null;
  return new URL(env.VITE_SENTRY_DSN).origin;
}

/**
 * Two years, subdomains included. No `preload`: joining the browsers' preload list commits every
 * subdomain of the business's domain to HTTPS for good, which is the business's decision
 * (docs/deploy.md). Browsers ignore the header on plain HTTP, so `npm run preview` is unaffected.
 */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains';

export function headersFile(env: PublicEnv): string {
  return [
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(env)}`,
    `  Strict-Transport-Security: ${strictTransportSecurity}`,
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  X-Content-Type-Options: nosniff',
    '  X-Frame-Options: DENY',
    '  Permissions-Policy: camera=(), microphone=(), geolocation=()',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/unlock/*',
    '  X-Robots-Tag: noindex, nofollow',
    // The certificate check (src/app/routes.ts): a holder's name is nothing for a search engine.
    '/verify',
    '  X-Robots-Tag: noindex, nofollow',
    '/verify/*',
    '  X-Robots-Tag: noindex, nofollow',
    // RFC 9116 asks for plain text in UTF-8.
    '/.well-known/security.txt',
    '  Content-Type: text/plain; charset=utf-8',
    '',
  ].join('\n');
}

/**
 * The page both hosts answer an unknown path with, with status 404, when no `_redirects` rule
 * matches it. It is the client shell, so the app renders its not-found view there.
 */
export const notFoundPage = '404.html';

/** The hosts read these files and never serve them. */
export const hostingFiles = ['_headers', '_redirects'];

/**
 * The path a rewrite serves for a route whose paths are not known at build time, and the file it
 * serves there.
 */
export const rewrites = [
  // A certificate's check, /verify/<code>: its codes are issued after the build, so no file can
  // stand for each. The host serves /verify's file (the same page, asking for a code) and the app
  // reads the code from the address. One path segment only: /verify itself is a file of its own,
  // and /verify/<code>/<more> stays unknown.
  { from: '/verify/:code', to: '/verify' },
];

/**
 * Every other route is written out as a file, parametrised ones for each of their build paths
 * (scripts/build.ts refuses a route that does not list them), so every other path is unknown and
 * gets 404.html with status 404. A catch-all rewrite to the client shell would answer those with
 * 200, and on Cloudflare Pages, which applies a rule even where a file exists, it would also replace
 * every prerendered page with the empty shell: each rewrite here matches no built page (the build
 * checks it) and no more paths than its route serves.
 */
export function redirectsFile(): string {
  return [
    '# Every route is a file, and an unknown path gets /404.html with status 404, but for these',
    '# rewrites of routes whose paths are not known at build time (scripts/lib/hosting.ts).',
    '# Cloudflare Pages applies a rule even where a file exists: a rule must never match a page.',
    ...rewrites.map(({ from, to }) => `${from} ${to} 200`),
    '',
  ].join('\n');
}

export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

/** Reads a `_headers` file, so the local server applies exactly what the host will. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const escaped = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replaceAll('*', '.*');
      rules.push({ pattern: new RegExp(`^${escaped}$`), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    rules.at(-1)?.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

export interface RedirectRule {
  from: string;
  to: string;
  /** 200 rewrites (the host serves `to` at the requested address); 301/302/303/307/308 redirect. */
  status: number;
  pattern: RegExp;
}

const statuses = new Set([200, 301, 302, 303, 307, 308]);

/**
 * Reads a `_redirects` file in the subset both hosts implement alike: `from to status`, a trailing
 * `*` (`:splat` in `to`) and `:name` placeholders for whole path segments.
 */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from = '', to = '', code, ...rest] = line.split(/\s+/);
    const where = `_redirects line ${index + 1}`;
    // Netlify's default status is 301 and Cloudflare's 302, and only Netlify knows conditions
    // and forced rules, so a rule outside the common subset would behave differently per host.
    if (code === undefined || !statuses.has(Number(code)))
      throw new Error(`${where}: give the status, one of ${[...statuses].join(', ')}.`);
    if (rest.length > 0) throw new Error(`${where}: conditions are not portable between hosts.`);
    if (!from.startsWith('/') || from.indexOf('*') !== from.lastIndexOf('*') || /\*./.test(from))
      throw new Error(`${where}: the source must be a path with at most one trailing *.`);
    const source = from
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+)')
      .replace(/\*$/, '(?<splat>.*)');
    rules.push({ from, to, status: Number(code), pattern: new RegExp(`^${source}$`) });
  }
  return rules;
}

/** The first rule that matches the path, with its target filled in. */
export function matchRedirect(
  rules: RedirectRule[],
  pathname: string,
): { status: number; location: string } | undefined {
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (!match) continue;
    const location = rule.to.replace(
      /:([A-Za-z_]\w*)/g,
      (placeholder, name: string) => match.groups?.[name] ?? placeholder,
    );
    return { status: rule.status, location };
  }
  return undefined;
}

/** Built pages a rule would hide on Cloudflare Pages (Netlify would still serve the file). */
export function pagesShadowedByRules(rules: RedirectRule[], paths: string[]): string[] {
  return paths.filter((path) => matchRedirect(rules, path) !== undefined);
}
