import { createErrorReporter, type Problem } from './errorReporter';
import { listenForUncaughtErrors } from './uncaughtErrors';

/**
 * The app's error reporting (docs/monitoring.md). Without VITE_SENTRY_DSN at build time this is
 * null and the callers' checks drop it from the build: the error service's SDK is never built in
 * or fetched. With it, the SDK (./sentrySink.ts, a chunk of its own) loads with the first problem.
 */
// As a boolean, so that the build inlines `true` here rather than the DSN.
const on = Boolean(import.meta.env.VITE_SENTRY_DSN);
const reporter =
  on && typeof window !== 'undefined'
    ? createErrorReporter(async () => (await import('./sentrySink')).createSentrySink())
    : null;

/** Reports every error nothing caught from now on. */
export function startMonitoring(): void {
  if (reporter) listenForUncaughtErrors(window, reporter.report);
}

/** Reports a problem the app caught (src/lib/logger.ts), when monitoring is on. */
export function reportProblem(problem: Problem): void {
  reporter?.report(problem);
}
