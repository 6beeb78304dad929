import { defineConfig } from '@playwright/test';
import { chromeFlags, testBrowserPath } from './scripts/lib/chrome';
import type { E2EWorkerOptions } from './e2e/fixtures';

// The built site (npm run build:local) in Chromium. Every worker starts its own local backend, with
// its own database copied from one the global setup migrated and seeded, and serves its own copy of
// the site pointed at that backend, all on free ports (e2e/support/servers.ts): workers share no
// state, and a running `npm run dev` or another checkout's run never collides with this one. The
// journeys with e-mail confirmation on are the `confirmations` project, whose workers' backends ask
// new accounts to confirm their address; the `captcha` project's backends refuse the public account
// forms without a captcha token, as production does. E2E_WORKERS sets how many workers run (default 3).

export default defineConfig<object, E2EWorkerOptions>({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 30_000,
  // Three workers' browsers, backends and edge functions share two cores in CI: a sign-in's first
  // signed-in view has taken just over 5 s there (2 runs in 12). A wait ends as soon as its
  // condition holds, so the longer limit costs nothing when the app is right.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: testBrowserPath(),
      // No host resolves but this machine's (e2e/fixtures.ts watches for requests that try).
      args: [
        ...chromeFlags,
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: ['confirmations/**', 'captcha/**'] },
    {
      name: 'confirmations',
      testMatch: 'confirmations/**/*.spec.ts',
      use: { emailConfirmations: true },
    },
    {
      name: 'captcha',
      testMatch: 'captcha/**/*.spec.ts',
      use: { captcha: true },
    },
  ],
});
