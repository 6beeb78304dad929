import { defineConfig } from '@playwright/test';

// The probe needs no browser, site or backend: only Playwright's own exit status is under test.
export default defineConfig({
  testDir: '.',
  testMatch: 'failing.spec.ts',
  reporter: [['line']],
  workers: 1,
});
