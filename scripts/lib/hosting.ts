import type { PublicEnv } from '../../src/lib/publicEnv';
import { site } from '../../src/content/site';

/**
 * The static host's configuration, written next to the built site in the `_headers` / `_redirects`
 * format that Netlify and Cloudflare Pages read (other hosts: copy the same rules).
 */
export function contentSecurityPolicy(env: PublicEnv): string {
  const supabase = new URL(env.VITE_SUPABASE_URL);
  const realtime = `${supabase.protocol === 'https:' ? 'wss:' : 'ws:'}//${supabase.host}`;
  const player = new URL(env.VITE_PLAYER_BASE_URL).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self' ${supabase.origin} ${realtime}`,
    `frame-src ${site.videoHost} ${player}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function headersFile(env: PublicEnv): string {
  return [
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(env)}`,
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  X-Content-Type-Options: nosniff',
    '  X-Frame-Options: DENY',
    '  Permissions-Policy: camera=(), microphone=(), geolocation=()',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/unlock/*',
    '  X-Robots-Tag: noindex, nofollow',
    '',
  ].join('\n');
}

/** Prerendered pages are served as files; every other path falls back to the client-rendered shell. */
export function redirectsFile(): string {
  return '/*  /app.html  200\n';
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
