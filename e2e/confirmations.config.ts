import { defineConfig } from '@playwright/test';
import { sharedSettings, webServers } from './support/config';

// The journeys with e-mail confirmation on, as in production: the local backend answers a sign-up
// with no session and mails a confirmation link. A run of its own (its backend differs from the
// main suite's), after the main one in npm run test:e2e; alone: npx playwright test -c <this file>.
// Paths here are relative to this folder.

export default defineConfig({
  ...sharedSettings,
  testDir: 'confirmations',
  outputDir: '../test-results/confirmations',
  webServer: await webServers({ backendEnv: { LOCAL_BACKEND_ENABLE_CONFIRMATIONS: 'true' } }),
});
