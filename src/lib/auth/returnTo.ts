const placeholderOrigin = 'http://return-to.invalid';

/**
 * The destination after sign-in, from the return_to parameter: only a path on this site, anything
 * else (an absolute or protocol-relative URL, a backslash trick) falls back to '/'.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return '/';
  try {
    // The URL parser applies the browser's own rules (tabs and newlines dropped, '\' read as '/'),
    // so whatever would leave the origin in a browser leaves it here too.
    const url = new URL(value, placeholderOrigin);
    if (url.origin !== placeholderOrigin) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments are resolved above, so '/.//evil.example' comes out as '//evil.example': on this
    // origin now, but a protocol-relative address once the router hands it to the browser again.
    return isOnlyAPath(path) ? path : '/';
  } catch {
    return '/';
  }
}

/** One leading slash, and read again as an address it still names this origin. */
function isOnlyAPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  return new URL(path, placeholderOrigin).origin === placeholderOrigin;
}

/** The login page, returning to `path` after sign-in. */
export function loginPathReturningTo(path: string): string {
  return pathReturningTo('/login', path);
}

/** The account security page, returning to `path` once an authenticator app is set up. */
export function securityPathReturningTo(path: string): string {
  return pathReturningTo('/account/security', path);
}

function pathReturningTo(page: string, path: string): string {
  return path === '/' ? page : `${page}?return_to=${encodeURIComponent(path)}`;
}
