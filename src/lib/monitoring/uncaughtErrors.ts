import type { Problem } from './errorReporter';

/** Passes every error nothing caught (a thrown error, a rejected promise) to `report`. */
export function listenForUncaughtErrors(target: Window, report: (problem: Problem) => void): void {
  target.addEventListener('error', (event) => {
    // A cross-origin script's error arrives as 'Script error.' without details: nothing to act on.
    if (event.error) report({ error: event.error });
  });
  target.addEventListener('unhandledrejection', (event) => {
    report({ error: event.reason });
  });
}
