/**
 * Every route of the built site at 390 px and 1440 px wide, full page, into screenshots/ (git-ignored),
 * signed out and, when the local backend is running (npm run backend), signed in as the seeded admin
 * (files ending -signed-in). Run through `npm run screenshots`, which builds first. Look at them.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { routeExpectations } from '../e2e/routes';
import { loadEnv } from 'vite';
import { accounts, signedInStorageState, useServers } from '../e2e/support/backend';
import { chromeFlags, chromePath } from './lib/chrome';
import { startPreviewServer } from './lib/preview-server';

// --port picks the preview port (default 4174); --only takes comma-separated path prefixes.
const { values } = parseArgs({
  options: { port: { type: 'string', default: '4174' }, only: { type: 'string' } },
});
const only = values.only?.split(',').filter(Boolean);
const wanted = (path: string) => !only || only.some((prefix) => path.startsWith(prefix));
const outDir = resolve(import.meta.dirname, '..', 'screenshots');
await mkdir(outDir, { recursive: true });

const server = await startPreviewServer(Number(values.port));
const browser = await chromium.launch({ executablePath: chromePath(), args: chromeFlags });
// `npm run build:local` points the site at the development backend (`npm run backend`).
const built = loadEnv('development', resolve(import.meta.dirname, '..'), 'VITE_');
const apiUrl = built.VITE_SUPABASE_URL ?? '';
useServers({
  apiUrl,
  mailboxUrl: '',
  siteOrigin: server.origin,
  playerBase: built.VITE_PLAYER_BASE_URL ?? '',
});
const backendRunning = await fetch(`${apiUrl}/auth/v1/health`).then(
  (response) => response.status < 500,
  () => false,
);
if (!backendRunning) console.log('The local backend is not running: signed-out views only.');
const passes = [
  { suffix: '', storageState: undefined },
  ...(backendRunning
    ? [
        {
          suffix: '-signed-in',
          storageState: await signedInStorageState(accounts.admin, undefined, server.origin),
        },
      ]
    : []),
];
try {
  for (const { suffix, storageState } of passes) {
    for (const width of [390, 1440]) {
      const page = await browser.newPage({
        viewport: { width, height: width === 390 ? 844 : 900 },
        storageState,
      });
      for (const { path } of [...routeExpectations, { path: '/no-such-page' }].filter((route) =>
        wanted(route.path),
      )) {
        await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
        await page.screenshot({ path: `${outDir}/${name}-${width}${suffix}.png`, fullPage: true });
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  `Screenshots of ${routeExpectations.length + 1} routes at 390 and 1440 px are in screenshots/.`,
);
