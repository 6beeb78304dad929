/**
 * Every test command must exit non-zero when a test fails, or CI goes green on red tests: a
 * dependency's exit hook once made every backend and database suite exit 0 whatever happened.
 * This runs each vitest project and Playwright on a test that fails on purpose and fails unless
 * each command reports exactly that failure and exits non-zero.
 */
import { spawnSync } from 'node:child_process';

interface Probe {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

const probes: Probe[] = [
  ...['unit', 'backend', 'tools', 'supabase', 'supabase-legacy-grants'].map((project) => ({
    name: `vitest --project ${project}`,
    command: ['vitest', 'run', '--project', project],
    // vite.config.ts gives every project the failing probe as its only test file under this flag.
    env: { EXIT_CODE_PROBE: '1' },
  })),
  {
    name: 'playwright test',
    command: ['playwright', 'test', '--config', 'scripts/exit-code-probe/playwright.config.ts'],
  },
];

let broken = 0;
for (const probe of probes) {
  const started = Date.now();
  const result = spawnSync('npx', ['--no-install', ...probe.command], {
    encoding: 'utf8',
    env: { ...process.env, ...probe.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  const output = `${result.stdout}${result.stderr}`;
  const ranTheProbe = /\b1 failed\b/.test(output);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0 && ranTheProbe) {
    console.log(`ok   ${probe.name} exits ${result.status} on a failing test (${seconds} s)`);
  } else {
    broken += 1;
    console.error(
      `FAIL ${probe.name} exited ${result.status ?? result.signal} ` +
        (ranTheProbe ? 'although a test failed' : 'without reporting the probe as failed'),
    );
    console.error(output.split('\n').slice(-30).join('\n'));
  }
}
if (broken > 0) process.exit(1);
console.log(`All ${probes.length} test commands exit non-zero when a test fails.`);
