/**
 * A function's unexpected failures, reported to the error service (docs/monitoring.md) when the
 * secret SENTRY_DSN is set: the function's name and the error, scrubbed, never the request's body or
 * headers. The SDK loads with the first failure, once per isolate, and every report is flushed
 * before the response goes (an isolate may be frozen right after it).
 */
import { scrubReport } from './error-report-scrub.ts';

interface Integration {
  name: string;
}

/** The part of @sentry/deno used here (tests pass a stand-in). */
export interface ErrorServiceSdk {
  init(options: {
    dsn: string;
    environment?: string;
    release?: string;
    defaultIntegrations: false;
    integrations: Integration[];
    sendDefaultPii: false;
    skipOpenTelemetrySetup: true;
    serverName: string;
    beforeSend: <Event extends object>(event: Event) => Event;
    beforeBreadcrumb: () => null;
  }): unknown;
  linkedErrorsIntegration(): Integration;
  captureException(error: unknown, context: { tags: Record<string, string> }): string;
  flush(timeoutMs: number): Promise<boolean>;
}

export interface ErrorReportingSettings {
  dsn: string | undefined;
  environment: string | undefined;
  release: string | undefined;
  loadSdk: () => Promise<ErrorServiceSdk>;
}

/** How long a failing request waits for its report to leave: the caller is waiting too. */
export const flushTimeoutMs = 2_000;

export type ReportFunctionError = (functionName: string, error: unknown) => Promise<void>;

export function createErrorReporting(settings: ErrorReportingSettings): ReportFunctionError {
  let sdk: Promise<ErrorServiceSdk> | undefined;
  const { dsn } = settings;
  return async (functionName, error) => {
    if (!dsn) return;
    try {
      sdk ??= settings.loadSdk().then((loaded) => {
        loaded.init({
          dsn,
          environment: settings.environment || 'production',
          release: settings.release || undefined,
          // No request data, tracing, breadcrumbs or host context: only the error.
          defaultIntegrations: false,
          integrations: [loaded.linkedErrorsIntegration()],
          sendDefaultPii: false,
          skipOpenTelemetrySetup: true,
          serverName: 'edge-function',
          beforeSend: scrubReport,
          beforeBreadcrumb: () => null,
        });
        return loaded;
      });
      const ready = await sdk;
      ready.captureException(error, { tags: { function: functionName } });
      await ready.flush(flushTimeoutMs);
    } catch (failure) {
      // The response must not fail because its report did; the log keeps both.
      sdk = undefined;
      console.error('Could not report the error:', failure);
    }
  };
}

/** The function a request is for: hosted, /functions/v1/<name>/… or /<name>/… as the runtime sees it. */
export function functionNameOf(request: Request): string {
  const segments = new URL(request.url).pathname.split('/').filter(Boolean);
  const start = segments[0] === 'functions' && segments[1] === 'v1' ? 2 : 0;
  return segments[start] ?? 'unknown';
}

const secret = (name: string): string | undefined =>
  (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno?.env.get(name);

export const reportFunctionError: ReportFunctionError = createErrorReporting({
  dsn: secret('SENTRY_DSN'),
  environment: secret('SENTRY_ENVIRONMENT'),
  release: secret('SENTRY_RELEASE'),
  loadSdk: () => import('@sentry/deno'),
});
