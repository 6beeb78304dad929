import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackendConfig } from '../config';
import type { Logger } from '../http/types';
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from '../keys';

/** Parses KEY=VALUE lines as `supabase functions serve` reads supabase/functions/.env. */
export function parseDotEnv(source: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key = '', rest = ''] = match;
    values[key] = unquote(rest);
  }
  return values;
}

function unquote(value: string): string {
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.length > 1) {
    const end = value.indexOf(quote, 1);
    if (end > 0) {
      const inner = value.slice(1, end);
      return quote === '"' ? inner.replace(/\\n/g, '\n').replace(/\\"/g, '"') : inner;
    }
  }
  // An unquoted value ends at a comment.
  return value.replace(/\s+#.*$/, '').trim();
}

/**
 * What a function sees in Deno.env: the platform's variables plus supabase/functions/.env (read at
 * every worker start). As with the CLI, .env may not override the SUPABASE_ variables.
 */
export async function functionEnvironment(
  config: BackendConfig,
  mailboxUrl: string,
  log: Logger,
): Promise<Record<string, string>> {
  const dotEnvPath = join(config.supabaseDir, 'functions', '.env');
  const fromFile = existsSync(dotEnvPath) ? parseDotEnv(await readFile(dotEnvPath, 'utf8')) : {};
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(fromFile)) {
    if (key.startsWith('SUPABASE_')) {
      log.error(`functions/.env: ${key} is ignored (names starting with SUPABASE_ are reserved)`);
    } else custom[key] = value;
  }
  return {
    ...custom,
    SUPABASE_URL: config.apiUrl,
    SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: LOCAL_PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: LOCAL_SECRET_KEY }),
    SUPABASE_DB_URL: `postgresql://postgres:postgres@${config.host}:${config.dbPort}/postgres`,
    MAILBOX_URL: mailboxUrl,
  };
}
