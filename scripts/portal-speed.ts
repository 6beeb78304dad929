/**
 * `npm run speed:portal`: how soon the signed-in dashboard shows up on a poor connection, against
 * the prerendered home page in the same run. The built site (npm run build:local) is served over
 * HTTP/2 (TLS, with a certificate made for the run) beside a throwaway local backend; Chromium loads
 * each page cold (a new context, cache off) at 390 px with DevTools' Slow 4G (562.5 ms round trip,
 * 1.6 Mbit/s down and 750 kbit/s up, at 90 %) and 4x CPU slowdown, three times. Medians of:
 * - the home page's first contentful paint (the reference);
 * - the dashboard's shell: painted with its title (the header, the title, the card's skeleton);
 * - the dashboard's trial card showing the user's trial state (no longer busy).
 * Exits 1 when the shell takes over 1.2x the home page's first paint or the card over 2x.
 */
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { generate } from 'selfsigned';
import { accounts, signedInStorageState, useServers } from '../e2e/support/backend';
import { startWorkerServers } from '../e2e/support/servers';
import { chromeFlags, chromePath } from './lib/chrome';
import { isBuiltSite, type RunningSite, type SiteHandler } from './lib/site-server';
import { median } from './lib/lcpRatio';

const RUNS = 3;
const SHELL_LIMIT = 1.2;
const CARD_LIMIT = 2;
const slow4g = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const trialCard = '[aria-labelledby="trial-card-heading"][aria-busy="false"]';

if (!isBuiltSite('dist')) {
  console.error('dist/ has no built site: run `npm run build:local` first.');
  process.exit(1);
}

const servers = await startWorkerServers({ confirmations: false, serveSite: serveOverHttp2 });
let browser: Browser | undefined;
try {
  useServers(servers);
  const signedIn = await signedInStorageState(accounts.user, undefined, servers.siteOrigin);
  browser = await chromium.launch({ executablePath: chromePath(), args: chromeFlags });
  const home: number[] = [];
  const shell: number[] = [];
  const card: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    home.push((await load(browser, '/', undefined, 'body')).firstPaint);
    const dashboard = await load(browser, '/dashboard', signedIn, trialCard);
    shell.push(dashboard.titleShown);
    card.push(dashboard.targetShown);
  }
  const reference = median(home);
  const rows = [
    ['home page, first paint', home, undefined],
    ['/dashboard, shell', shell, SHELL_LIMIT],
    ['/dashboard, trial card', card, CARD_LIMIT],
  ] as const;
  console.log(
    `Cold loads at 390 px, Slow 4G and 4x CPU, HTTP/2, ${RUNS} runs each (ms; median and ratio to the home page's first paint)`,
  );
  let over = false;
  for (const [what, times, limit] of rows) {
    const ratio = median(times) / reference;
    const verdict =
      limit === undefined ? '' : ratio <= limit ? `  within ${limit}x` : `  OVER ${limit}x`;
    if (limit !== undefined && ratio > limit) over = true;
    console.log(
      `  ${what.padEnd(24)} ${times.map((time) => String(Math.round(time)).padStart(6)).join('')}  median ${String(Math.round(median(times))).padStart(6)}  ${ratio.toFixed(2)}x${verdict}`,
    );
  }
  if (over) process.exitCode = 1;
} finally {
  await browser?.close();
  await servers.stop();
}

interface Timings {
  firstPaint: number;
  /** When the page's h1 was first painted. */
  titleShown: number;
  /** When `target` was first painted. */
  targetShown: number;
}

/**
 * Loads `path` in a new context under the throttling and waits for `target`. A part counts as
 * shown at the later of the first contentful paint and the moment it entered the document (the
 * page's own observer records that, from before its first byte).
 */
async function load(
  on: Browser,
  path: string,
  storageState: Awaited<ReturnType<typeof signedInStorageState>> | undefined,
  target: string,
): Promise<Timings> {
  const context = await on.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    ignoreHTTPSErrors: true,
    storageState,
  });
  try {
    const page = await context.newPage();
    // Scripts for the page as source text: the script runner names functions with a helper that
    // exists only in this process.
    await page.addInitScript(`{
      const shown = (window.shown = {});
      new MutationObserver(() => {
        if (shown.title === undefined && document.querySelector('h1')) shown.title = performance.now();
        if (shown.target === undefined && document.querySelector(${JSON.stringify(target)}))
          shown.target = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    }`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(servers.siteOrigin + path, { waitUntil: 'commit' });
    await page.locator(target).first().waitFor({ state: 'attached', timeout: 60_000 });
    const timings = (await page.evaluate(`(async () => {
      const paint = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      while (paint() === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      return { paint: paint(), title: window.shown.title, target: window.shown.target };
    })()`)) as { paint: number; title?: number; target?: number };
    return {
      firstPaint: timings.paint,
      titleShown: Math.max(timings.paint, timings.title ?? Infinity),
      targetShown: Math.max(timings.paint, timings.target ?? Infinity),
    };
  } finally {
    await context.close();
  }
}

/** The site over HTTP/2 (browsers speak it only over TLS) on a free loopback port. */
async function serveOverHttp2(handler: SiteHandler): Promise<RunningSite> {
  const { private: key, cert } = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  // The compatibility API's request and response stand in for node:http's, as the handler expects.
  const server = createSecureServer({ key, cert, allowHTTP1: true }, handler as never);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://localhost:${port}`,
    port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
