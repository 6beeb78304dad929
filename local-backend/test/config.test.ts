import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { BackendStartError } from '../src/db/postgres';
import { fixtureSupabaseDir } from './harness';

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
});
