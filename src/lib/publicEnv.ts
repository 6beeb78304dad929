import { z } from 'zod';

/**
 * The build-time environment the client is compiled with. Vite inlines these values, so they are
 * checked once when the dev server or a build starts (vite.config.ts), not in the browser.
 */
export const publicEnvSchema = z.object({
  VITE_SUPABASE_URL: z.url({ error: 'must be a URL, e.g. http://127.0.0.1:54321' }),
  VITE_SUPABASE_ANON_KEY: z.string().min(1, { error: 'must be the project anon key' }),
  VITE_PLAYER_BASE_URL: z.url({ error: 'must be a URL, e.g. http://127.0.0.1:54321/player' }),
  VITE_SITE_URL: z.url({ error: 'must be the site origin, e.g. https://www.example.com' }),
});

export type PublicEnv = z.infer<typeof publicEnvSchema>;

export class PublicEnvError extends Error {}

export function parsePublicEnv(source: Record<string, string | undefined>): PublicEnv {
  const result = publicEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const issue of result.error.issues) {
    const name = String(issue.path[0]);
    if (source[name] === undefined || source[name] === '') missing.push(name);
    else invalid.push(`${name} ${issue.message}`);
  }
  const lines = [
    missing.length > 0 ? `Missing environment variables: ${missing.join(', ')}.` : '',
    ...invalid.map((line) => `Invalid environment variable: ${line}.`),
    'Set them in the environment or an .env file (see .env.example).',
  ].filter(Boolean);
  throw new PublicEnvError(lines.join('\n'));
}
