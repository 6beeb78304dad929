// The address a visitor's request came from, as the platform vouches for it. Hosted Supabase serves
// the functions behind Cloudflare, which sets CF-Connecting-IP to the address that connected to it
// and replaces any value a client sent; the local backend's gateway does the same. X-Forwarded-For
// is not used: its first entries are whatever the client wrote, and proxies only append.

/** The visitor's address; 'unknown' (one shared key, so limits still hold) when none is vouched. */
export function clientAddress(request: Request): string {
  return request.headers.get('cf-connecting-ip')?.trim() || 'unknown';
}
