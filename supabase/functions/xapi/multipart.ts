/**
 * multipart/mixed (RFC 2046) as xAPI uses it for statements with attachment data: parts split on
 * the boundary, each with its headers (names in lower case) and its bytes as sent; and the same
 * format written for answers.
 */
import { XapiError } from './http.ts';

export interface Part {
  headers: Map<string, string>;
  body: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let start = from; start <= haystack.length - needle.length; start++) {
    for (let offset = 0; offset < needle.length; offset++) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return start;
  }
  return -1;
}

export function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new XapiError(400, 'A multipart/mixed request needs a boundary.');
  return boundary;
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

export function parseMultipart(body: Uint8Array, boundary: string): Part[] {
  const delimiter = encoder.encode(`--${boundary}`);
  const headerEnd = encoder.encode('\r\n\r\n');
  const parts: Part[] = [];
  let position = indexOf(body, delimiter, 0);
  if (position < 0) throw new XapiError(400, 'The multipart/mixed body has no part.');
  for (;;) {
    const afterDelimiter = position + delimiter.length;
    // `--` after a delimiter closes the body.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) return parts;
    const next = indexOf(body, delimiter, afterDelimiter);
    if (next < 0) throw new XapiError(400, 'The multipart/mixed body is not closed.');
    const start = afterDelimiter + 2; // the CRLF ending the delimiter line
    const end = next - 2; // the CRLF before the next delimiter belongs to it
    const split = indexOf(body, headerEnd, start);
    if (split < 0 || split > end)
      throw new XapiError(400, 'A multipart/mixed part has no headers.');
    parts.push({
      headers: headersOf(decoder.decode(body.subarray(start, split))),
      body: body.slice(split + headerEnd.length, Math.max(end, split + headerEnd.length)),
    });
    position = next;
  }
}

export function buildMultipart(parts: Part[]): {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
} {
  const boundary = `xapi-${crypto.randomUUID()}`;
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const headers = [...part.headers].map(([name, value]) => `${name}: ${value}`).join('\r\n');
    chunks.push(
      encoder.encode(`--${boundary}\r\n${headers}\r\n\r\n`),
      part.body,
      encoder.encode('\r\n'),
    );
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return { body, contentType: `multipart/mixed; boundary=${boundary}` };
}
