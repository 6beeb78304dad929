/** A problem to report: an error (or whatever was thrown), and the app's own words about it. */
export interface Problem {
  error: unknown;
  context?: string;
}

/** The error service's side, loaded on demand. */
export interface ProblemSink {
  capture(problem: Problem): void;
}

export interface ErrorReporter {
  /** Sends the problem, or holds it until the service has loaded (and starts loading it). */
  report(problem: Problem): void;
}

/**
 * Problems raised while the service loads wait here; a page that fails in a loop must not grow an
 * unbounded queue, and the first few say what went wrong.
 */
export const pendingLimit = 10;

/**
 * Loads the error service with the first problem, never before: its SDK (about 25 kB gzip) would
 * otherwise count towards every page's first view, which its budget cannot afford (DESIGN.md
 * section 5 counts every script that loads on its own until the network is idle).
 */
export function createErrorReporter(loadSink: () => Promise<ProblemSink>): ErrorReporter {
  const pending: Problem[] = [];
  let sink: ProblemSink | undefined;
  let loading: Promise<void> | undefined;

  const load = () => {
    loading ??= loadSink().then(
      (loaded) => {
        sink = loaded;
        for (const problem of pending.splice(0)) loaded.capture(problem);
      },
      () => {
        // Reporting is best effort (an offline visitor cannot report either); the console has them.
        pending.length = 0;
      },
    );
  };

  return {
    report(problem) {
      if (sink) {
        sink.capture(problem);
        return;
      }
      if (pending.length < pendingLimit) pending.push(problem);
      load();
    },
  };
}
