import { describe, expect, it } from 'vitest';
import { parsePublicEnv } from './publicEnv';

const complete = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY: 'anon-key',
  VITE_PLAYER_BASE_URL: 'http://127.0.0.1:54321/player',
  VITE_SITE_URL: 'https://www.example.com',
};

describe('parsePublicEnv', () => {
  it('accepts a complete environment', () => {
    expect(parsePublicEnv(complete)).toEqual(complete);
  });

  it('names every missing variable in one message', () => {
    expect(() =>
      parsePublicEnv({ VITE_SITE_URL: 'https://www.example.com', VITE_SUPABASE_ANON_KEY: '' }),
    ).toThrow(
      'Missing environment variables: VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY, VITE_PLAYER_BASE_URL.',
    );
  });

  it('says which variable is not a URL', () => {
    expect(() => parsePublicEnv({ ...complete, VITE_SUPABASE_URL: 'localhost' })).toThrow(
      'Invalid environment variable: VITE_SUPABASE_URL must be a URL, e.g. http://127.0.0.1:54321.',
    );
  });
});
