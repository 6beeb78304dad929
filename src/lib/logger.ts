import { reportProblem } from '@/lib/monitoring/monitoring';

/**
 * The one way the app writes to the console, so production logging can be redirected in one place.
 * Errors also go to the error service when monitoring is on (docs/monitoring.md), scrubbed there.
 */
export const logger = {
  error(message: string, ...details: unknown[]): void {
    console.error(message, ...details);
    // Checked here, where the build inlines it, so that without a DSN nothing of it ships.
    if (import.meta.env.VITE_SENTRY_DSN) {
      reportProblem({
        context: message,
        error: details.find((detail) => detail instanceof Error) ?? details[0],
      });
    }
  },
  warn(message: string, ...details: unknown[]): void {
    console.warn(message, ...details);
  },
};
