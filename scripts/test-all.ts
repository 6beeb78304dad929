/**
 * `npm test`: every suite in turn, stopping at the first that fails, then how long each took and the
 * total, so a suite that slows down shows in every run's output.
 */
import { spawnSync } from 'node:child_process';

const suites: { name: string; script: string }[] = [
  { name: 'types', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'import graph', script: 'deps:check' },
  { name: 'exit codes', script: 'test:exit-codes' },
  { name: 'unit', script: 'test:unit' },
  { name: 'local backend', script: 'test:backend' },
  { name: 'tools', script: 'test:tools' },
  { name: 'database', script: 'test:supabase' },
  { name: 'build', script: 'build:local' },
  { name: 'end to end', script: 'test:e2e' },
  { name: 'budgets', script: 'budgets' },
];

const formatDuration = (ms: number): string => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
};

const started = Date.now();
const timings: { name: string; script: string; ms: number; ok: boolean }[] = [];
for (const suite of suites) {
  const suiteStarted = Date.now();
  const { status } = spawnSync('npm', ['run', suite.script], { stdio: 'inherit' });
  timings.push({ ...suite, ms: Date.now() - suiteStarted, ok: status === 0 });
  if (status !== 0) break;
}

const width = Math.max(...suites.map((suite) => suite.name.length));
console.log('\nnpm test, suite by suite:');
for (const { name, ms, ok } of timings)
  console.log(
    `  ${name.padEnd(width)}  ${formatDuration(ms).padStart(7)}  ${ok ? 'ok' : 'FAILED'}`,
  );
console.log(`  ${'total'.padEnd(width)}  ${formatDuration(Date.now() - started).padStart(7)}`);

const failed = timings.find((timing) => !timing.ok);
if (failed) {
  console.error(`npm test: ${failed.name} failed (npm run ${failed.script}).`);
  process.exit(1);
}
