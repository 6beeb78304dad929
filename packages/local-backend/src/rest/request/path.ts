import { restError } from '../errors';

/** What a /rest/v1 path names: the schema's description, a table or view, or a function. */
export type Resource =
  { kind: 'schema' } | { kind: 'relation'; name: string } | { kind: 'routine'; name: string };

const invalidPath = () => restError(404, 'PGRST125', 'Invalid path specified in request URL');

export function pathSegments(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw invalidPath();
  }
}

export function resourceOf(segments: string[]): Resource {
  const [first, second] = segments;
  if (first === undefined) return { kind: 'schema' };
  if (first === 'rpc' && second !== undefined && segments.length === 2) {
    return { kind: 'routine', name: second };
  }
  if (segments.length !== 1) throw invalidPath();
  return { kind: 'relation', name: first };
}
