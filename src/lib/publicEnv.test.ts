import { describe, expect, it } from 'vitest';
import { parsePublicEnv } from './publicEnv';

/** A JWT-shaped legacy API key for `role` (the signature is not checked at build). */
function legacyKey(role: string): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase', role })}.signature`;
}

const complete = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
  VITE_PLAYER_BASE_URL: 'http://127.0.0.1:54321/player',
  VITE_SITE_URL: 'https://www.example.com',
};

describe('parsePublicEnv', () => {
  it('accepts a complete environment', () => {
    expect(parsePublicEnv(complete)).toEqual(complete);
  });

  it('accepts a legacy anon key as the publishable key', () => {
    const withAnonKey = { ...complete, VITE_SUPABASE_PUBLISHABLE_KEY: legacyKey('anon') };
    expect(parsePublicEnv(withAnonKey)).toEqual(withAnonKey);
  });

  it('names every missing variable in one message', () => {
    expect(() =>
      parsePublicEnv({
        VITE_SITE_URL: 'https://www.example.com',
        VITE_SUPABASE_PUBLISHABLE_KEY: '',
      }),
    ).toThrow(
      'Missing environment variables: VITE_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY, VITE_PLAYER_BASE_URL.',
    );
  });

  it('points a build still configured with VITE_SUPABASE_ANON_KEY at its new name', () => {
    const { VITE_SUPABASE_URL, VITE_PLAYER_BASE_URL, VITE_SITE_URL } = complete;
    const configuredBeforeTheRename = {
      VITE_SUPABASE_URL,
      VITE_SUPABASE_ANON_KEY: legacyKey('anon'),
      VITE_PLAYER_BASE_URL,
      VITE_SITE_URL,
    };
    expect(() => parsePublicEnv(configuredBeforeTheRename)).toThrow(
      'Missing environment variables: VITE_SUPABASE_PUBLISHABLE_KEY.\n' +
        'VITE_SUPABASE_ANON_KEY is no longer read: set VITE_SUPABASE_PUBLISHABLE_KEY instead',
    );
  });

  it('refuses to build a secret key or the service_role key into the site', () => {
    expect(() =>
      parsePublicEnv({ ...complete, VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_N7UND0UgjKTVK' }),
    ).toThrow(
      'Invalid environment variable: VITE_SUPABASE_PUBLISHABLE_KEY is a secret key (sb_secret_…), which must never reach a browser: use the publishable key.',
    );
    expect(() =>
      parsePublicEnv({ ...complete, VITE_SUPABASE_PUBLISHABLE_KEY: legacyKey('service_role') }),
    ).toThrow(
      'Invalid environment variable: VITE_SUPABASE_PUBLISHABLE_KEY is the service_role key, which must never reach a browser: use the publishable key.',
    );
  });

  it('says what the key must be when it is neither kind', () => {
    for (const value of ['anon-key', 'eyJ.not-json.x', legacyKey('authenticated')]) {
      expect(() => parsePublicEnv({ ...complete, VITE_SUPABASE_PUBLISHABLE_KEY: value })).toThrow(
        "Invalid environment variable: VITE_SUPABASE_PUBLISHABLE_KEY must be the project's publishable key (sb_publishable_…) or its legacy anon key.",
      );
    }
  });

  it('says which variable is not a URL', () => {
    expect(() => parsePublicEnv({ ...complete, VITE_SUPABASE_URL: 'localhost' })).toThrow(
      'Invalid environment variable: VITE_SUPABASE_URL must be a URL, e.g. http://127.0.0.1:54321.',
    );
  });

  it('takes an error reporting DSN as optional, and refuses one that is not a URL', () => {
    const dsn = 'https://0123456789abcdef@o42.ingest.de.sentry.io/4501';
    expect(parsePublicEnv({ ...complete, VITE_SENTRY_DSN: '' })).toMatchObject(complete);
    expect(parsePublicEnv({ ...complete, VITE_SENTRY_DSN: dsn }).VITE_SENTRY_DSN).toBe(dsn);
    expect(() => parsePublicEnv({ ...complete, VITE_SENTRY_DSN: '0123456789abcdef' })).toThrow(
      "Invalid environment variable: VITE_SENTRY_DSN must be the Sentry project's DSN",
    );
  });
});
