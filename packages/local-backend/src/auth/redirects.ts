import type { AuthSettings } from '../config';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The address to send the browser back to: `requested` when it is on the site (same scheme and host;
 * any port on loopback) or matches an additional_redirect_urls entry, otherwise site_url.
 */
export function allowedRedirect(
  requested: string | null | undefined,
  settings: AuthSettings,
): string {
  if (!requested) return settings.siteUrl;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return settings.siteUrl;
  }
  if (isOnSite(url, settings.siteUrl)) return requested;
  const allowed = settings.additionalRedirectUrls.some((pattern) =>
    globToRegExp(pattern).test(requested),
  );
  return allowed ? requested : settings.siteUrl;
}

function isOnSite(url: URL, siteUrl: string): boolean {
  let site: URL;
  try {
    site = new URL(siteUrl);
  } catch {
    return false;
  }
  if (url.protocol !== site.protocol || url.hostname !== site.hostname) return false;
  return url.port === site.port || loopbackHosts.has(url.hostname);
}

/**
 * GoTrue matches the allow list with gobwas/glob and the separators '.' and '/': `*` stays within one
 * host label or path segment, `**` crosses them, `?` is one character, `{a,b}` either alternative.
 */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  let alternatives = 0;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] as string;
    if (character === '*' && pattern[index + 1] === '*') {
      source += '.*';
      index += 1;
    } else if (character === '*') source += '[^./]*';
    else if (character === '?') source += '[^./]';
    else if (character === '{') {
      alternatives += 1;
      source += '(?:';
    } else if (character === '}' && alternatives > 0) {
      alternatives -= 1;
      source += ')';
    } else if (character === ',' && alternatives > 0) source += '|';
    else source += character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  if (alternatives > 0) return new RegExp(`^${escapeAll(pattern)}$`);
  return new RegExp(`^${source}$`);
}

function escapeAll(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** `base` with `params` as its #fragment, in the order given (GoTrue sorts keys alphabetically). */
export function withFragment(base: string, params: [string, string][]): string {
  const url = new URL(base);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

/** `base` with `params` added to its query string. */
export function withQuery(base: string, params: [string, string][]): string {
  const url = new URL(base);
  for (const [name, value] of params) url.searchParams.set(name, value);
  return url.toString();
}

/** The fragment an implicit-flow error redirect carries. */
export function errorFragment(
  base: string,
  error: string,
  errorCode: string,
  description: string,
): string {
  return withFragment(base, [
    ['error', error],
    ['error_code', errorCode],
    ['error_description', description],
    ['sb', ''],
  ]);
}
