import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureSupabaseDir, startTestBackend, type TestBackend } from '../src/testing';

/** Lines to add to config.toml tables of the fixture, e.g. { auth: ['enable_manual_linking = true'] }. */
export type ConfigAdditions = Partial<Record<'auth' | 'auth.email' | 'auth.rate_limit', string[]>>;

/**
 * A backend of its own on the fixture project with config.toml settings the shared one lacks. The
 * settings go into a copy of the fixture, so nothing else sees them.
 */
export async function startConfiguredBackend(
  additions: ConfigAdditions,
  options: {
    rateLimits?: 'strict' | 'relaxed';
    /** Fixture lines to replace, e.g. to switch a provider off. */
    replacements?: [string, string][];
  } = {},
): Promise<TestBackend> {
  const root = await mkdtemp(join(tmpdir(), 'local-backend-configured-'));
  try {
    const supabaseDir = join(root, 'supabase');
    await cp(fixtureSupabaseDir, supabaseDir, { recursive: true });
    const configPath = join(supabaseDir, 'config.toml');
    let config = await readFile(configPath, 'utf8');
    for (const [table, lines] of Object.entries(additions)) {
      const header = `[${table}]\n`;
      if (!config.includes(header)) throw new Error(`the fixture config has no ${header}`);
      config = config.replace(header, `${header}${(lines ?? []).join('\n')}\n`);
    }
    for (const [line, replacement] of options.replacements ?? []) {
      if (!config.includes(line)) throw new Error(`the fixture config has no ${line}`);
      config = config.replace(line, replacement);
    }
    await writeFile(configPath, config);
    return await startTestBackend({ supabaseDir, rateLimits: options.rateLimits });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
