import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import type { BackendConfig } from '../config';
import type { Logger } from '../http/types';
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from '../keys';
import { LOCAL_MAIL_API_KEY, resendEndpoint } from '../mail/resend';

/** The sender functions use locally unless a secret names another. */
const LOCAL_MAIL_FROM = 'Local Mail <no-reply@localhost>';

/** The error service's secret (docs/monitoring.md): a local run or a test must never report. */
const localOnlyOmits = new Set(['SENTRY_DSN']);

/**
 * What a function sees in Deno.env, in layers where a later one wins: the local backend's defaults
 * (SITE_URL from [auth] site_url; MAIL_API_URL, MAIL_API_KEY and MAIL_FROM for the mailbox's
 * Resend-compatible endpoint), config.toml [edge_runtime.secrets], supabase/functions/.env (read at
 * every worker start). A name set to '' in a later layer is left out, which is how a test removes a
 * secret. As with the CLI, the SUPABASE_ variables are the platform's and cannot be overridden; unlike
 * the CLI, SENTRY_DSN is never passed.
 */
export async function functionEnvironment(
  config: BackendConfig,
  mailboxUrl: string,
  log: Logger,
): Promise<Record<string, string>> {
  const dotEnvPath = join(config.supabaseDir, 'functions', '.env');
  // Read as `supabase functions serve` reads it: dotenv's format, which Node parses itself.
  const fromFile = existsSync(dotEnvPath) ? parseEnv(await readFile(dotEnvPath, 'utf8')) : {};
  const layers: [string, Partial<Record<string, string>>][] = [
    ['config.toml [edge_runtime.secrets]', config.functionSecrets],
    ['functions/.env', fromFile],
  ];
  const custom: Record<string, string> = {
    SITE_URL: config.auth.siteUrl,
    MAIL_API_URL: resendEndpoint(mailboxUrl),
    MAIL_API_KEY: LOCAL_MAIL_API_KEY,
    MAIL_FROM: LOCAL_MAIL_FROM,
  };
  for (const [source, values] of layers) {
    for (const [key, value] of Object.entries(values)) {
      if (key.startsWith('SUPABASE_')) {
        log.error(`${source}: ${key} is ignored (names starting with SUPABASE_ are reserved)`);
      } else if (localOnlyOmits.has(key)) {
        log.error(`${source}: ${key} is ignored (local runs and tests never report errors)`);
      } else if (value !== undefined) custom[key] = value;
    }
  }
  return {
    ...Object.fromEntries(Object.entries(custom).filter(([, value]) => value !== '')),
    SUPABASE_URL: config.apiUrl,
    SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: LOCAL_PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: LOCAL_SECRET_KEY }),
    SUPABASE_DB_URL: `postgresql://postgres:postgres@${config.host}:${config.dbPort}/postgres`,
  };
}
