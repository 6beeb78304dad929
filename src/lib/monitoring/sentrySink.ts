import {
  breadcrumbsIntegration,
  BrowserClient,
  captureException,
  captureMessage,
  dedupeIntegration,
  defaultStackParser,
  getCurrentScope,
  linkedErrorsIntegration,
  makeFetchTransport,
} from '@sentry/browser';
import { scrubReport } from '@shared/error-report-scrub.ts';
import { monitoringConfig } from './config';
import type { Problem, ProblemSink } from './errorReporter';

/**
 * The error service's client, loaded on demand (./monitoring.ts). Built by hand rather than with
 * Sentry's init(), which would bring every default integration: only errors, no tracing, replay,
 * feedback or sessions, and nothing the SDK would collect about the visitor (sendDefaultPii off,
 * no request headers or cookies, every event and breadcrumb scrubbed before it leaves).
 */
export function createSentrySink(): ProblemSink {
  const config = monitoringConfig();
  if (!config) throw new Error('The error service has no DSN.');
  const client = new BrowserClient({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [
      dedupeIntegration(),
      linkedErrorsIntegration(),
      // Where the visitor went and which requests failed, before the error; never the console,
      // whose lines carry the details of every error the app logged.
      breadcrumbsIntegration({ console: false, dom: false, sentry: false }),
    ],
    sendDefaultPii: false,
    sendClientReports: false,
    maxBreadcrumbs: 30,
    beforeSend: (event) => scrubReport(event),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
  });
  getCurrentScope().setClient(client);
  client.init();

  return {
    capture({ error, context }: Problem) {
      if (error instanceof Error) {
        captureException(error, context ? { contexts: { logged: { message: context } } } : {});
        return;
      }
      const message = [context, describe(error)].filter(Boolean).join(' ');
      captureMessage(message || 'Unknown problem', 'error');
    },
  };
}

/** Something thrown or logged that is not an Error: a failed call's {message, code}, a string. */
function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const { message, code, status } = value as Record<string, unknown>;
    return [message, code, status]
      .filter((part) => typeof part === 'string' || typeof part === 'number')
      .join(' ');
  }
  return value === undefined ? '' : String(value);
}
