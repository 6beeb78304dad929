import { describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/logger';
import { monitoringConfigFrom } from './config';
import { reportProblem, startMonitoring } from './monitoring';

const sdkLoaded = vi.hoisted(() => vi.fn());
vi.mock('./sentrySink', () => {
  sdkLoaded();
  return { createSentrySink: () => ({ capture: () => undefined }) };
});

describe('monitoring without a DSN', () => {
  it('is off when the build has no DSN, or an empty one', () => {
    expect(monitoringConfigFrom({ MODE: 'production' })).toBeNull();
    expect(monitoringConfigFrom({ MODE: 'production', VITE_SENTRY_DSN: ' ' })).toBeNull();
    expect(import.meta.env.VITE_SENTRY_DSN).toBeFalsy();
  });

  it('never imports the error service, whatever fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startMonitoring();
    reportProblem({ error: new Error('caught') });
    logger.error('Could not save:', new Error('logged'));
    await vi.dynamicImportSettled();
    expect(sdkLoaded).not.toHaveBeenCalled();
  });
});

describe('monitoringConfigFrom', () => {
  it('takes the environment and release from the build, the mode when no environment is named', () => {
    const dsn = 'https://public@o1.ingest.example.io/2';
    expect(monitoringConfigFrom({ MODE: 'production', VITE_SENTRY_DSN: dsn })).toEqual({
      dsn,
      environment: 'production',
      release: undefined,
    });
    expect(
      monitoringConfigFrom({
        MODE: 'production',
        VITE_SENTRY_DSN: dsn,
        VITE_SENTRY_ENVIRONMENT: 'staging',
        VITE_SENTRY_RELEASE: 'abc123',
      }),
    ).toEqual({ dsn, environment: 'staging', release: 'abc123' });
  });
});
