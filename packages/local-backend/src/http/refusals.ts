import { HttpError } from './types';

/** How a service words a refusal made before it sees the request: its own error shape. */
export type RefusalShape = (status: number, message: string) => HttpError;

/**
 * A refusal by the gateway or by Node's HTTP parser (a body, URL or header over the limits), for
 * the request's path: in the shape of the service the path is for, so its client reads it as it
 * reads that service's own errors, and `{message}` for any other path.
 */
export type Refuse = (path: string | undefined, status: number, message: string) => HttpError;

/** Refusals for the services' prefixes ('/auth/v1' -> GoTrue's shape), each service naming its own. */
export function refusalsByPrefix(shapes: Record<string, RefusalShape>): Refuse {
  const prefixes = Object.keys(shapes);
  return (path, status, message) => {
    const prefix =
      path === undefined
        ? undefined
        : prefixes.find(
            (candidate) =>
              path === candidate ||
              path.startsWith(`${candidate}/`) ||
              path.startsWith(`${candidate}?`),
          );
    const shape = prefix === undefined ? undefined : shapes[prefix];
    return shape ? shape(status, message) : new HttpError(status, { message });
  };
}
