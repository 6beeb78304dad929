/**
 * `npm test`: every suite, independent ones side by side, stopping at the first that fails (the
 * others still running are stopped), then how long each took and the total, so a suite that slows
 * down shows in every run's output. On CI (CI=true) the run also fails when it took longer than
 * its budget, so the suite cannot creep back to where it was.
 *
 * Output stays readable while suites run together: one suite at a time writes to the terminal as it
 * goes, the others' output is held and printed whole, under their name, when their turn comes.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Suite {
  name: string;
  /** The command, as npm runs it: `npm run <script>`, or an npx binary with its arguments. */
  command: string[];
  /** Suites that must have passed first. */
  after?: string[];
  /** Runs with no other suite beside it (timing-sensitive, or using every core on its own). */
  alone?: boolean;
}

/** The longest the whole run may take on CI (2 cores), so it cannot creep back up unnoticed. */
const BUDGET_MINUTES = 20;
/** How many suites run side by side (they are single-threaded or wait on a database mostly). */
const SIDE_BY_SIDE = Number(process.env.TEST_ALL_CONCURRENCY ?? 2);

const npm = (script: string) => ['npm', 'run', '--silent', script];
const vitest = (project: string) => ['npx', '--no-install', 'vitest', 'run', '--project', project];

// In the order they start when nothing holds them back: the longest-waiting suites first.
const suites: Suite[] = [
  { name: 'types', command: npm('typecheck') },
  { name: 'lint', command: npm('lint') },
  { name: 'import graph', command: npm('deps:check') },
  { name: 'build', command: npm('build:local') },
  { name: 'exit codes', command: npm('test:exit-codes') },
  { name: 'unit', command: npm('test:unit') },
  { name: 'local backend', command: npm('test:backend') },
  { name: 'tools', command: npm('test:tools') },
  // The two database passes each have their own backend (supabase/tests/setup.ts).
  { name: 'database', command: vitest('supabase') },
  { name: 'database, legacy grants', command: vitest('supabase-legacy-grants') },
  { name: 'budgets', command: npm('budgets'), after: ['build'] },
  { name: 'end to end', command: npm('test:e2e'), after: ['build'], alone: true },
];

type State = 'waiting' | 'running' | 'ok' | 'failed' | 'stopped';

interface Run {
  suite: Suite;
  state: State;
  child?: ChildProcess;
  started?: number;
  ms?: number;
  /** Output not yet shown (the suite is not the one on the terminal). */
  held: { stream: 'stdout' | 'stderr'; chunk: Buffer }[];
  /** Whether its process has exited (a stopped suite takes a moment). */
  closed?: boolean;
}

const formatDuration = (ms: number): string => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
};

const started = Date.now();
const runs: Run[] = suites.map((suite) => ({ suite, state: 'waiting', held: [] }));
/** The suite whose output goes straight to the terminal. */
let onScreen: Run | undefined;
let failed: Run | undefined;
let finish: () => void;
const finished = new Promise<void>((resolve) => (finish = resolve));

const heading = (run: Run) =>
  `\n━━ ${run.suite.name} (${run.suite.command.filter((part) => part !== '--silent').join(' ')})\n`;

function print(run: Run): void {
  process.stdout.write(heading(run));
  for (const { stream, chunk } of run.held) process[stream].write(chunk);
  run.held = [];
}

/**
 * The terminal is free: the suites that ended meanwhile are printed whole, in the order they ended,
 * then the next running suite takes it, showing what it has written so far.
 */
function handOver(): void {
  onScreen = undefined;
  for (const run of endedUnshown.splice(0)) print(run);
  const next = runs.find((run) => run.state === 'running');
  if (next) {
    onScreen = next;
    print(next);
  }
}
/** Suites that ended while another had the terminal, their output not shown yet. */
const endedUnshown: Run[] = [];

function start(run: Run): void {
  run.state = 'running';
  run.started = Date.now();
  const [command = '', ...args] = run.suite.command;
  // Its own process group, so stopping it stops everything it started.
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  });
  run.child = child;
  if (!onScreen) {
    onScreen = run;
    print(run);
  }
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream].on('data', (chunk: Buffer) => {
      if (onScreen === run) process[stream].write(chunk);
      else run.held.push({ stream, chunk });
    });
  }
  child.once('error', (error) => {
    run.held.push({ stream: 'stderr', chunk: Buffer.from(`${error.message}\n`) });
  });
  child.once('close', (code) => {
    run.closed = true;
    ended(run, code === 0);
  });
}

function ended(run: Run, ok: boolean): void {
  run.ms = Date.now() - (run.started ?? Date.now());
  // A suite stopped because another failed is not printed (unless it had the terminal).
  if (run.state !== 'stopped') {
    run.state = ok ? 'ok' : 'failed';
    if (onScreen !== run) endedUnshown.push(run);
    if (!ok && !failed) {
      failed = run;
      stopAll('SIGTERM');
    }
  }
  if (onScreen === run || !onScreen) handOver();
  schedule();
}

function stopAll(signal: NodeJS.Signals): void {
  for (const run of runs) {
    if (run.state !== 'running' || run === failed) continue;
    run.state = 'stopped';
    try {
      if (run.child?.pid) process.kill(-run.child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

function schedule(): void {
  const running = runs.filter((run) => run.state === 'running');
  if (!failed) {
    for (const run of runs) {
      if (run.state !== 'waiting') continue;
      const ready = (run.suite.after ?? []).every(
        (name) => runs.find((other) => other.suite.name === name)?.state === 'ok',
      );
      if (!ready) continue;
      // A suite that runs alone waits for the others to end, and nothing starts beside it.
      if (running.some((other) => other.suite.alone)) break;
      if (run.suite.alone && running.length > 0) break;
      if (running.length >= SIDE_BY_SIDE) break;
      start(run);
      running.push(run);
    }
  }
  if (runs.every((run) => run.state === 'waiting' || run.closed)) finish();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    failed ??= {
      suite: { name: `interrupted (${signal})`, command: [] },
      state: 'failed',
      held: [],
    };
    stopAll(signal);
  });
}

schedule();
await finished;

const total = Date.now() - started;
const width = Math.max(...suites.map((suite) => suite.name.length));
console.log('\nnpm test, suite by suite (side by side up to', SIDE_BY_SIDE, 'at a time):');
for (const { suite, state, ms, started: at } of runs) {
  if (state === 'waiting') continue;
  const offset = formatDuration((at ?? started) - started);
  const status = { ok: 'ok', failed: 'FAILED', stopped: 'stopped', running: '', waiting: '' }[
    state
  ];
  console.log(
    `  ${suite.name.padEnd(width)}  ${formatDuration(ms ?? 0).padStart(7)}  ${status.padEnd(7)}  (from ${offset})`,
  );
}
console.log(`  ${'total'.padEnd(width)}  ${formatDuration(total).padStart(7)}`);

if (failed) {
  const { name, command } = failed.suite;
  console.error(`npm test: ${name} failed${command.length ? ` (${command.join(' ')})` : ''}.`);
  process.exit(1);
}
const onCi = ['true', '1'].includes(process.env.CI?.toLowerCase() ?? '');
if (onCi && total > BUDGET_MINUTES * 60_000) {
  console.error(
    `npm test: every suite passed, but the run took ${formatDuration(total)}, over its ` +
      `${BUDGET_MINUTES}-minute budget on CI. Find the suite that grew (times above) and make it ` +
      'faster or split it across workers; do not raise the budget.',
  );
  process.exit(1);
}
