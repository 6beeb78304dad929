import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { BackendStartError } from '../src/start-error';
import { fixtureSupabaseDir } from '../src/testing';

const load = (overrides: Parameters<typeof loadConfig>[0] = {}) =>
  loadConfig({ supabaseDir: fixtureSupabaseDir, ...overrides });

describe('config', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('takes enable_confirmations from config.toml, the environment, then the option', () => {
    expect(load().auth.enableConfirmations).toBe(false);
    vi.stubEnv('LOCAL_BACKEND_ENABLE_CONFIRMATIONS', 'true');
    expect(load().auth.enableConfirmations).toBe(true);
    expect(load({ enableConfirmations: false }).auth.enableConfirmations).toBe(false);
    vi.stubEnv('LOCAL_BACKEND_ENABLE_CONFIRMATIONS', 'false');
    expect(load({ enableConfirmations: true }).auth.enableConfirmations).toBe(true);
    expect(load().auth.enableConfirmations).toBe(false);
    vi.stubEnv('LOCAL_BACKEND_ENABLE_CONFIRMATIONS', '');
    expect(load().auth.enableConfirmations).toBe(false);
  });

  it('keeps the legacy API keys unless the environment or the option disables them', () => {
    expect(load().disableLegacyApiKeys).toBe(false);
    vi.stubEnv('LOCAL_BACKEND_DISABLE_LEGACY_API_KEYS', 'true');
    expect(load().disableLegacyApiKeys).toBe(true);
    expect(load({ disableLegacyApiKeys: false }).disableLegacyApiKeys).toBe(false);
    vi.stubEnv('LOCAL_BACKEND_DISABLE_LEGACY_API_KEYS', 'false');
    expect(load({ disableLegacyApiKeys: true }).disableLegacyApiKeys).toBe(true);
    expect(load().disableLegacyApiKeys).toBe(false);
  });

  it('refuses a switch that is neither true nor false, naming it', () => {
    vi.stubEnv('LOCAL_BACKEND_ENABLE_CONFIRMATIONS', 'yes');
    expect(() => load()).toThrow(BackendStartError);
    expect(() => load()).toThrow(
      'LOCAL_BACKEND_ENABLE_CONFIRMATIONS must be true or false, not "yes"',
    );
  });

  it('reads [edge_runtime.secrets], resolving env(NAME)', () => {
    expect(load().functionSecrets).toEqual({
      FIXTURE_CONFIG_SECRET: 'from config.toml',
      FIXTURE_OVERRIDDEN: 'from config.toml',
      FIXTURE_FROM_ENVIRONMENT: '',
    });
    vi.stubEnv('FIXTURE_SECRET_SOURCE', 'resolved');
    expect(load().functionSecrets.FIXTURE_FROM_ENVIRONMENT).toBe('resolved');
  });

  it('takes the project from the working directory unless told, and keeps data inside it', () => {
    const fromCwd = loadConfig({ supabaseDir: fixtureSupabaseDir });
    expect(fromCwd.projectRoot).toBe(process.cwd());
    expect(fromCwd.dataDir).toBe(join(process.cwd(), '.local-backend', 'postgres'));
    const project = join(fixtureSupabaseDir, '..');
    const given = loadConfig({ projectRoot: project });
    expect(given.supabaseDir).toBe(fixtureSupabaseDir);
    expect(given.dataDir).toBe(join(project, '.local-backend', 'postgres'));
  });
});
