/**
 * CORS for the two origins that call the LRS from a browser: the player host (PLAYER_ORIGIN) and
 * the site (SITE_URL). Other origins get no CORS headers, so browsers keep their pages out.
 */
const allowedHeaders = [
  'Authorization',
  'Content-Type',
  'X-Experience-API-Version',
  'If-Match',
  'If-None-Match',
];
const exposedHeaders = [
  'X-Experience-API-Version',
  'X-Experience-API-Consistent-Through',
  'ETag',
  'Last-Modified',
  'Retry-After',
];

function originOf(setting: string | undefined): string | undefined {
  if (!setting?.trim()) return undefined;
  try {
    return new URL(setting.trim()).origin;
  } catch {
    return undefined;
  }
}

export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('Origin');
  const allowed = [Deno.env.get('PLAYER_ORIGIN'), Deno.env.get('SITE_URL')].map(originOf);
  if (!origin || !allowed.includes(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, HEAD, PUT, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': allowedHeaders.join(', '),
    'Access-Control-Expose-Headers': exposedHeaders.join(', '),
    'Access-Control-Max-Age': '3600',
    Vary: 'Origin',
  };
}
