import { defineConfig } from 'vitest/config';

// The app's root vite.config.ts declares the same project (named backend) so its npm test runs the
// suite too; keep the two in step.
export default defineConfig({
  test: {
    name: 'backend',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
