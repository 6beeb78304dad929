/**
 * One owner for the catchable termination signals: every running backend (and its Postgres) is
 * stopped, newest first, before the process exits. Handlers exist only while something is
 * registered, so a process with no backend keeps the default behaviour of those signals.
 */
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type StopSignal = (typeof signals)[number];

type Cleanup = (signal: StopSignal) => Promise<void>;

/** How long the stops may take before the process exits anyway (Postgres's fast shutdown is ~1 s). */
const STOP_DEADLINE_MS = 20_000;

const cleanups: { run: Cleanup }[] = [];
let installed = false;
let stopping = false;

const onSignal = (signal: StopSignal) => {
  // A second Ctrl-C while stopping means "now": the next start recovers what is left running.
  if (stopping) process.exit(1);
  stopping = true;
  const deadline = setTimeout(() => process.exit(1), STOP_DEADLINE_MS);
  deadline.unref();
  void (async () => {
    let failed = false;
    for (const entry of [...cleanups].reverse()) {
      try {
        await entry.run(signal);
      } catch {
        failed = true;
      }
    }
    process.exit(failed ? 1 : 0);
  })();
};

const handlers = Object.fromEntries(
  signals.map((signal) => [signal, () => onSignal(signal)]),
) as Record<StopSignal, () => void>;

/** Runs `cleanup` when the process gets SIGINT, SIGTERM or SIGHUP; the result unregisters it. */
export function stopOnSignal(cleanup: Cleanup): () => void {
  const entry = { run: cleanup };
  cleanups.push(entry);
  if (!installed) {
    installed = true;
    for (const signal of signals) process.on(signal, handlers[signal]);
  }
  return () => {
    const at = cleanups.indexOf(entry);
    if (at >= 0) cleanups.splice(at, 1);
    if (cleanups.length === 0 && installed && !stopping) {
      installed = false;
      for (const signal of signals) process.removeListener(signal, handlers[signal]);
    }
  };
}
