/**
 * What an error report may carry (docs/monitoring.md): no personal data. The browser's and the edge
 * functions' reports pass through here before they leave. The fields that name a person or carry
 * credentials are dropped whole; every other string has e-mail addresses, tokens, query strings and
 * fragments (sign-in links return their tokens in the fragment) and certificate codes replaced.
 */

const email = /[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/** A JWT: its header is base64url JSON, so it always starts with `eyJ`. */
const jwt = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
/** Keys, session and reset tokens, user ids: 32 or more letters, digits, - and _, with a digit. */
const longToken = /(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{32,}(?![\w-])/gi;
/** A credential named in a query or fragment that survived as text rather than as a URL. */
const namedSecret =
  /\b(access_token|refresh_token|provider_token|token_hash|token|code)=[^&#\s"']+/gi;
const absoluteUrl = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi;
/** A certificate's check (/verify/<code>) leads to its holder's name. */
const certificatePath = /(\/verify\/)[^/?#\s"']+/gi;

/** Fields that hold a person, credentials or what they sent: dropped wherever they appear. */
const droppedKeys = new Set([
  'user',
  'cookies',
  'headers',
  'query_string',
  'server_name',
  'ip_address',
  'email',
]);
/** The report's own identifiers (32 hex digits, which would pass for tokens): kept as they are. */
const identifierKeys = new Set(['event_id', 'trace_id', 'span_id', 'parent_span_id', 'sid']);
/** Fields that hold an address, relative ones included, whose query and fragment are dropped. */
const urlKeys = new Set(['url', 'from', 'to', 'filename', 'abs_path']);

/** The address without its query string and fragment (and without a certificate's code). */
export function scrubUrl(url: string): string {
  const end = url.search(/[?#]/);
  const bare = end === -1 ? url : url.slice(0, end);
  return bare.replace(certificatePath, '$1[code]');
}

/** The text with e-mail addresses, tokens and the query and fragment of any address replaced. */
export function scrubText(text: string): string {
  return text
    .replace(absoluteUrl, scrubUrl)
    .replace(certificatePath, '$1[code]')
    .replace(email, '[email]')
    .replace(jwt, '[token]')
    .replace(namedSecret, '$1=[redacted]')
    .replace(longToken, '[token]');
}

// Deep enough for an event's contexts and breadcrumb data; anything deeper is dropped, not sent raw.
const maxDepth = 12;

function scrubValue(value: unknown, key: string, depth: number): unknown {
  if (typeof value === 'string') {
    if (identifierKeys.has(key)) return value;
    return scrubText(urlKeys.has(key) ? scrubUrl(value) : value);
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxDepth) return '[dropped]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, key, depth + 1));
  const scrubbed: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (droppedKeys.has(name)) continue;
    scrubbed[name] = scrubValue(inner, name, depth + 1);
  }
  return scrubbed;
}

/**
 * A report (an error service's event or breadcrumb) without personal data: the request keeps only
 * its method and bare address, its body, headers, cookies and query go; the user goes; every string
 * is scrubbed.
 */
export function scrubReport<Report extends object>(report: Report): Report {
  const scrubbed = scrubValue(report, '', 0) as Record<string, unknown>;
  const request = (report as { request?: { url?: unknown; method?: unknown } }).request;
  if (request && typeof request === 'object') {
    scrubbed.request = {
      ...(typeof request.method === 'string' ? { method: request.method } : {}),
      ...(typeof request.url === 'string' ? { url: scrubText(scrubUrl(request.url)) } : {}),
    };
  }
  return scrubbed as Report;
}
