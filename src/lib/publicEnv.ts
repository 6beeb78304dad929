import { z } from 'zod';

/**
 * The build-time environment the client is compiled with. Vite inlines these values, so they are
 * checked once when the dev server or a build starts (vite.config.ts), not in the browser.
 */
export const publicEnvSchema = z.object({
  VITE_SUPABASE_URL: z.url({ error: 'must be a URL, e.g. http://127.0.0.1:54321' }),
  VITE_SUPABASE_PUBLISHABLE_KEY: z.string().superRefine((key, context) => {
    const problem = publishableKeyProblem(key);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  VITE_PLAYER_BASE_URL: z.url({ error: 'must be a URL, e.g. http://127.0.0.1:54321/player' }),
  VITE_SITE_URL: z.url({ error: 'must be the site origin, e.g. https://www.example.com' }),
  // The public forms' captcha (Cloudflare Turnstile): no site key, no captcha widget.
  VITE_CAPTCHA_SITE_KEY: z.string().optional(),
  VITE_CAPTCHA_SCRIPT_URL: z
    .union([z.literal(''), z.url({ error: 'must be the captcha script URL' })])
    .optional(),
  // Error reporting (docs/monitoring.md): no DSN, no reports and no error service's code.
  VITE_SENTRY_DSN: z
    .union([
      z.literal(''),
      z.url({ error: "must be the Sentry project's DSN, e.g. https://<key>@<host>/<project>" }),
    ])
    .optional(),
  VITE_SENTRY_ENVIRONMENT: z.string().optional(),
  VITE_SENTRY_RELEASE: z.string().optional(),
});

export type PublicEnv = z.infer<typeof publicEnvSchema>;

/** The role a legacy JWT API key was issued for (`anon`, `service_role`), if the value is one. */
function legacyKeyRole(key: string): string | undefined {
  const [, payload, signature] = key.split('.');
  if (!payload || !signature) return undefined;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const role = (claims as { role?: unknown } | null)?.role;
    return typeof role === 'string' ? role : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a value cannot be the site's key, if it cannot. Everything built into the site is public, so a
 * key that bypasses Row Level Security (a secret key, the legacy service_role key) stops the build.
 */
function publishableKeyProblem(key: string): string | undefined {
  if (key.startsWith('sb_publishable_') || legacyKeyRole(key) === 'anon') return undefined;
  if (key.startsWith('sb_secret_')) {
    return 'is a secret key (sb_secret_…), which must never reach a browser: use the publishable key';
  }
  if (legacyKeyRole(key) === 'service_role') {
    return 'is the service_role key, which must never reach a browser: use the publishable key';
  }
  return "must be the project's publishable key (sb_publishable_…) or its legacy anon key";
}

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
  const renamed =
    missing.includes('VITE_SUPABASE_PUBLISHABLE_KEY') && source.VITE_SUPABASE_ANON_KEY
      ? 'VITE_SUPABASE_ANON_KEY is no longer read: set VITE_SUPABASE_PUBLISHABLE_KEY instead (the publishable key, or the same legacy anon key).'
      : '';
  const lines = [
    missing.length > 0 ? `Missing environment variables: ${missing.join(', ')}.` : '',
    renamed,
    ...invalid.map((line) => `Invalid environment variable: ${line}.`),
    'Set them in the environment or an .env file (see .env.example).',
  ].filter(Boolean);
  throw new PublicEnvError(lines.join('\n'));
}
