/**
 * The project's API keys as hosted Supabase hands them to functions: the publishable and secret keys
 * (`SUPABASE_PUBLISHABLE_KEYS` / `SUPABASE_SECRET_KEYS`, JSON objects of named keys) first, the legacy
 * anon and service_role JWTs only while a project still has them.
 */
import { HttpError } from './http.ts';

function namedKeys(variable: string): string[] {
  const raw = Deno.env.get(variable)?.trim();
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const keys = parsed as Record<string, unknown>;
      // The key named "default" first: it is the one the dashboard shows and rotation replaces last.
      return ['default', ...Object.keys(keys).filter((name) => name !== 'default')]
        .map((name) => keys[name])
        .filter((key): key is string => typeof key === 'string' && key.length > 0);
    }
  } catch {
    // Reported below as a configuration error, without echoing the value.
  }
  throw new HttpError(500, `Server configuration error: ${variable} is not a JSON object of keys.`);
}

function legacyKey(variable: string): string[] {
  const value = Deno.env.get(variable)?.trim();
  return value ? [value] : [];
}

function firstKey(keys: string[], names: string): string {
  const key = keys[0];
  if (!key) throw new HttpError(500, `Server configuration error: ${names} is not set.`);
  return key;
}

/** The key a function acts with on a caller's behalf (RLS applies): publishable, else legacy anon. */
export function publishableKey(): string {
  return firstKey(
    [...namedKeys('SUPABASE_PUBLISHABLE_KEYS'), ...legacyKey('SUPABASE_ANON_KEY')],
    'SUPABASE_PUBLISHABLE_KEYS',
  );
}

/** The key a function acts with as the project itself (RLS bypassed): secret, else service_role. */
export function secretKey(): string {
  return firstKey(
    [...namedKeys('SUPABASE_SECRET_KEYS'), ...legacyKey('SUPABASE_SERVICE_ROLE_KEY')],
    'SUPABASE_SECRET_KEYS',
  );
}

async function sameSecret(given: string, expected: string): Promise<boolean> {
  // Digests first, so the comparison takes as long whatever the given value's length.
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

/**
 * Whether the request comes from the project itself (the database through pg_net, a server with the
 * secret key): a secret key in the `apikey` header, as hosted Supabase documents (a secret key is
 * never a Bearer token), or, while the project has one, the legacy service_role JWT as a Bearer.
 */
export async function isProjectCaller(request: Request): Promise<boolean> {
  const apikey = request.headers.get('apikey') ?? '';
  if (apikey.startsWith('sb_secret_')) {
    for (const key of namedKeys('SUPABASE_SECRET_KEYS')) {
      if (await sameSecret(apikey, key)) return true;
    }
    return false;
  }
  const authorization = request.headers.get('Authorization') ?? '';
  for (const key of legacyKey('SUPABASE_SERVICE_ROLE_KEY')) {
    if (await sameSecret(authorization, `Bearer ${key}`)) return true;
  }
  return false;
}
