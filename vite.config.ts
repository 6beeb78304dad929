/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { parsePublicEnv, PublicEnvError } from './src/lib/publicEnv.ts';

// scripts/prove-test-failures-fail.ts sets this to run each project on a test that fails on purpose.
const exitCodeProbe = process.env.EXIT_CODE_PROBE === '1';
const probeOr = (include: string[]) =>
  exitCodeProbe ? ['scripts/exit-code-probe/failing.test.ts'] : include;

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  // What the app shares with the edge functions (their Deno code: relative imports with the .ts
  // extension, packages by the names supabase/functions/deno.json maps).
  '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
};

export default defineConfig(({ mode }) => {
  // Vitest runs components without a backend; every other command needs the full environment.
  if (!process.env.VITEST) {
    try {
      // loadEnv lets variables already set in the environment win over .env files.
      parsePublicEnv(loadEnv(mode, process.cwd(), 'VITE_'));
    } catch (error) {
      if (error instanceof PublicEnvError) {
        console.error(`\n${error.message}\n`);
        process.exit(1);
      }
      throw error;
    }
  }

  return {
    plugins: [react()],
    resolve: { alias },
    server: { port: 5173, strictPort: true },
    build: {
      manifest: true,
      target: 'es2022',
      // The prerendered HTML preloads each page's chunks itself (scripts/build.ts, from the
      // manifest), and all CSS is one file in the HTML, so lazy imports need no preload helper or
      // dependency map in the entry (about 2 KB gzip on every first view). A later client-side
      // navigation fetches a page's shared chunks when the page chunk asks for them.
      cssCodeSplit: false,
      modulePreload: false,
      rolldownOptions: {
        // Three entries: the page's (index.html -> src/app/main.tsx, a few hundred bytes that the
        // HTML loads), the app's (src/app/startApp.tsx, which main.tsx imports after the first paint
        // by the address scripts/build.ts writes into the page) and a portal page's first queries
        // (src/app/firstQueries.ts, which the build names in the page's head). As an entry the app
        // keeps the shared code in one file, instead of a dozen chunks compressed one by one.
        input: {
          index: fileURLToPath(new URL('./index.html', import.meta.url)),
          app: fileURLToPath(new URL('./src/app/startApp.tsx', import.meta.url)),
          firstQueries: fileURLToPath(new URL('./src/app/firstQueries.ts', import.meta.url)),
        },
        plugins: [
          {
            // React Router's bundle defines its components with unannotated React.forwardRef and
            // React.memo calls and then names them (`Link.displayName = ...`), so a bundler must
            // keep every one: its Link, NavLink and Form, with the framework-mode prefetching and
            // data-router code they reach, would ship with every page although the site uses none
            // of them (src/lib/links.tsx). Marked pure and unnamed, the unused ones drop out.
            name: 'react-router-pure-components',
            transform: {
              filter: { id: /[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
              handler(code) {
                return code
                  .replace(/^\s*[\w$]+\.displayName = "[^"]*";$/gm, '')
                  .replace(/= (React\d*)\.(forwardRef|memo)\(/g, '= /* @__PURE__ */ $1.$2(');
              },
            },
          },
        ],
      },
    },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'jsdom',
            include: probeOr(['src/**/*.test.{ts,tsx}']),
            setupFiles: ['src/test/setup.ts'],
            restoreMocks: true,
            // Components read the same values as in development (the local backend's).
            env: loadEnv('development', process.cwd(), 'VITE_'),
          },
        },
        // The same project as packages/local-backend/vitest.config.ts (npm test in the package).
        {
          resolve: { alias },
          test: {
            name: 'backend',
            environment: 'node',
            include: probeOr(['packages/local-backend/test/**/*.test.ts']),
            globalSetup: ['packages/local-backend/test/setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
        // The app's dev tooling (the sample 360 player the scripts mount on the local backend) and
        // the pure parts of the build's checks (scripts/lib: budgets, Lighthouse's LCP ratio).
        {
          resolve: { alias },
          test: {
            name: 'tools',
            environment: 'node',
            include: probeOr(['tools/**/*.test.ts', 'scripts/lib/**/*.test.ts']),
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
        // The same suite twice: on Supabase's current default privileges and on the legacy ones
        // (see supabase/tests/setup.ts); the grants must hold on both.
        ...['supabase', 'supabase-legacy-grants'].map((name) => ({
          resolve: { alias },
          test: {
            name,
            environment: 'node' as const,
            include: probeOr(['supabase/tests/**/*.test.ts']),
            globalSetup: ['supabase/tests/setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        })),
      ],
    },
  };
});
