/** ETags (xAPI-Communication 3.1: the SHA-1 of the content in lowercase hex, quoted) and dates. */
import type { Answer } from '../http.ts';

export async function etagOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes));
  return `"${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}"`;
}

/** A JSON answer with the ETag of the body as it is sent. */
export async function withEtag(answer: Answer): Promise<Answer> {
  const raw = new TextEncoder().encode(JSON.stringify(answer.body));
  return {
    ...answer,
    body: undefined,
    raw,
    headers: { 'Content-Type': 'application/json', ...answer.headers, ETag: await etagOf(raw) },
  };
}

/** An ISO 8601 time from the database as an HTTP date. */
export function lastModified(timestamp: string): string {
  return new Date(timestamp).toUTCString();
}
