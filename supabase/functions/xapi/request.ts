/**
 * The request as the resources see it: method, resource, parameters, headers and body text, read
 * the same way whether the client used plain HTTP or xAPI's alternate request syntax (a form POST
 * with ?method=, xAPI-Communication 1.3), with the body held to a size limit.
 */
import { XapiError } from './http.ts';

export const maxBodyBytes = 1024 * 1024;

// The headers a form may carry instead of the HTTP header (alternate syntax); matched in any case.
const formHeaders = [
  'authorization',
  'x-experience-api-version',
  'content-type',
  'content-length',
  'if-match',
  'if-none-match',
];
const alternateMethods = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'];

export interface XapiRequest {
  method: string;
  /** The path below the LRS's base, e.g. `statements` or `activities/state`. */
  resource: string;
  params: URLSearchParams;
  header(name: string): string | null;
  /** The body as sent (multipart/mixed attachment data may be binary). */
  bytes: Uint8Array;
  /** The body as UTF-8 text; a 400 if it is not UTF-8. */
  text(): string;
  /** The path the client used for the LRS's base, for the `more` links. */
  basePath: string;
}

async function readBytes(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > maxBodyBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new XapiError(400, 'The request body must be UTF-8.');
  }
}

function tooLarge(): XapiError {
  return new XapiError(413, `The request body is larger than ${maxBodyBytes / 1024 / 1024} MB.`);
}

// The runtime passes the path from the function's name on (`/xapi/statements`); clients reach it
// under the functions prefix.
const publicBasePath = '/functions/v1/xapi';

function resourceOf(pathname: string): string {
  const below = pathname.replace(/^\/functions\/v1/, '').replace(/^\/xapi/, '');
  return below.replace(/^\/+/, '').replace(/\/+$/, '');
}

export async function readXapiRequest(request: Request): Promise<XapiRequest> {
  const url = new URL(request.url);
  const resource = resourceOf(url.pathname);
  const basePath = publicBasePath;
  const bytes = await readBytes(request);
  const alternateMethod = url.searchParams.get('method');
  if (alternateMethod === null) {
    return {
      method: request.method,
      resource,
      params: url.searchParams,
      header: (name) => request.headers.get(name),
      bytes,
      text: () => utf8(bytes),
      basePath,
    };
  }

  if (request.method !== 'POST') {
    throw new XapiError(400, 'The method parameter is for POST requests only.');
  }
  if ([...url.searchParams.keys()].some((key) => key !== 'method')) {
    throw new XapiError(400, 'With the method parameter, every other parameter goes in the form.');
  }
  const method = alternateMethod.toUpperCase();
  if (!alternateMethods.includes(method)) {
    throw new XapiError(400, `Unknown method: ${alternateMethod}`);
  }
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new XapiError(
      400,
      'A request with the method parameter must be application/x-www-form-urlencoded.',
    );
  }
  const form = new URLSearchParams(utf8(bytes));
  const headers = new Map<string, string>();
  const params = new URLSearchParams();
  let body = '';
  for (const [key, value] of form) {
    if (key === 'content') body = value;
    else if (formHeaders.includes(key.toLowerCase())) headers.set(key.toLowerCase(), value);
    else params.append(key, value);
  }
  return {
    method,
    resource,
    params,
    // The form's Content-Type names the content's; without one, the content is taken as JSON.
    header: (name) =>
      headers.get(name.toLowerCase()) ??
      (name.toLowerCase() === 'content-type' ? 'application/json' : request.headers.get(name)),
    bytes: new TextEncoder().encode(body),
    text: () => body,
    basePath,
  };
}
