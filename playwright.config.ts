import { defineConfig } from '@playwright/test';
import { chromeFlags, chromePath } from './scripts/lib/chrome';

// E2E_PORT serves the site elsewhere (the build's canonical links still name 4173); E2E_BACKEND=none
// skips the local backend, for running marketing specs beside another checkout's suite.
const port = Number(process.env.E2E_PORT ?? 4173);
const withBackend = process.env.E2E_BACKEND !== 'none';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromePath(), args: chromeFlags },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    ...(withBackend
      ? [
          {
            // A fresh local backend (new database, relaxed auth rate limits) on the ports the build uses.
            command: 'tsx scripts/e2e-backend.ts',
            url: 'http://127.0.0.1:54321/auth/v1/health',
            reuseExistingServer: !process.env.CI,
            timeout: 120_000,
            // Postgres must shut down cleanly, or the next run finds its port taken.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
          },
        ]
      : []),
    {
      // The built, prerendered site against the local backend (npm run build:local).
      command: `tsx scripts/serve-dist.ts --port ${port}`,
      url: `http://localhost:${port}/`,
      reuseExistingServer: !process.env.CI,
    },
  ],
});
