/** Where and as what the browser reports its errors: nothing at all without a DSN at build time. */
export interface MonitoringConfig {
  dsn: string;
  environment: string;
  release: string | undefined;
}

/** The build's values (Vite inlines them, so without a DSN every use of this is dead code). */
export function monitoringConfigFrom(env: {
  VITE_SENTRY_DSN?: string;
  VITE_SENTRY_ENVIRONMENT?: string;
  VITE_SENTRY_RELEASE?: string;
  MODE: string;
}): MonitoringConfig | null {
  const dsn = env.VITE_SENTRY_DSN?.trim();
  if (!dsn) return null;
  return {
    dsn,
    environment: env.VITE_SENTRY_ENVIRONMENT?.trim() || env.MODE,
    release: env.VITE_SENTRY_RELEASE?.trim() || undefined,
  };
}

/** Read in the error service's own chunk: each value by name, so the build inlines only those. */
export function monitoringConfig(): MonitoringConfig | null {
  return monitoringConfigFrom({
    VITE_SENTRY_DSN: import.meta.env.VITE_SENTRY_DSN,
    VITE_SENTRY_ENVIRONMENT: import.meta.env.VITE_SENTRY_ENVIRONMENT,
    VITE_SENTRY_RELEASE: import.meta.env.VITE_SENTRY_RELEASE,
    MODE: import.meta.env.MODE,
  });
}
