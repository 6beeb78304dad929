import { defineConfig } from '@playwright/test';
import { sharedSettings, webServers } from './e2e/support/config';

// Every run starts its own servers: a fresh local backend and the built site (npm run build:local),
// and stops with a message if one of their ports is already taken. E2E_REUSE=1 runs against servers
// already listening instead (never on CI). E2E_PORT serves the site elsewhere (the build's canonical
// links still name 4173); E2E_BACKEND=none skips the local backend, for running marketing specs
// beside another checkout's suite. The journeys with e-mail confirmation on run under their own
// config (e2e/confirmations.config.ts; npm run test:e2e runs both).

export default defineConfig({
  ...sharedSettings,
  testDir: 'e2e',
  testIgnore: 'confirmations/**',
  outputDir: 'test-results',
  webServer: await webServers({ withBackend: process.env.E2E_BACKEND !== 'none' }),
});
