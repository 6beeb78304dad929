/**
 * Route patterns with named parameters, such as `/admin/users/:userId/factors/:factorId`.
 *
 * A pattern is a path of segments, each one of:
 *   - a literal, compared with the request's segment as written (not decoded);
 *   - `:name`, any non-empty segment, handed over as written as `params.name`;
 *   - `:name(regex)`, the same when the segment as written matches the whole regex;
 *   - a final `*`, any rest of the path, none included (`/sso/*` matches `/sso`, `/sso/` and
 *     `/sso/a/b`), whose text is not handed over.
 *
 * Segments are not decoded, as GoTrue's router does not decode them (chi matches the raw path
 * whenever it holds an escape): an id written `a%2Db` is refused there as a malformed id, so it is
 * here. Node's URLPattern would read the same syntax, but it is not global before Node 24, and
 * this package still runs on Node 22.
 */

type WithoutConstraint<Name extends string> = Name extends `${infer Bare}(${string}` ? Bare : Name;

type ParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? WithoutConstraint<Name> | ParamNames<`/${Tail}`>
    : WithoutConstraint<Rest>
  : never;

/** The parameters a pattern names: `{ userId: string; factorId: string }` for the one above. */
export type PathParams<Path extends string> = { readonly [Name in ParamNames<Path>]: string };

export interface RoutePattern<Path extends string = string> {
  readonly path: Path;
  /** The parameters when `path` matches (a path below a service's prefix), else undefined. */
  match(path: string): PathParams<Path> | undefined;
}

type Segment =
  { kind: 'literal'; text: string } | { kind: 'param'; name: string; allowed: RegExp | undefined };

const paramSegment = /^:([A-Za-z_]\w*)(?:\((.+)\))?$/;

export function routePattern<Path extends string>(path: Path): RoutePattern<Path> {
  if (!path.startsWith('/')) throw new Error(`A route pattern starts with "/": ${path}`);
  const written = path.slice(1).split('/');
  const open = written.at(-1) === '*';
  const segments = (open ? written.slice(0, -1) : written).map((text): Segment => {
    if (text.includes('*')) throw new Error(`"*" may only end a route pattern: ${path}`);
    const param = paramSegment.exec(text);
    if (!param) return { kind: 'literal', text };
    const [, name = '', constraint] = param;
    return {
      kind: 'param',
      name,
      allowed: constraint === undefined ? undefined : new RegExp(`^(?:${constraint})$`),
    };
  });

  return {
    path,
    match(requested) {
      if (!requested.startsWith('/')) return undefined;
      const parts = requested.slice(1).split('/');
      if (open ? parts.length < segments.length : parts.length !== segments.length)
        return undefined;
      const params: Record<string, string> = {};
      for (const [index, segment] of segments.entries()) {
        const part = parts[index] ?? '';
        if (segment.kind === 'literal') {
          if (part !== segment.text) return undefined;
          continue;
        }
        if (part === '' || (segment.allowed && !segment.allowed.test(part))) return undefined;
        params[segment.name] = part;
      }
      return params as PathParams<Path>;
    },
  };
}
