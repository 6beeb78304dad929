import { HttpError } from './http.ts';

/**
 * A setting the function cannot work without. A missing one is a clear 500 naming it: a silent
 * default would let a half-configured project mail localhost links from an unverified sender.
 */
export function requiredSetting(name: string): string {
  const value = Deno.env.get(name)?.trim();
  if (!value) throw new HttpError(500, `Server configuration error: ${name} is not set.`);
  return value;
}
