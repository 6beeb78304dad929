import { test as base, expect, type Page } from '@playwright/test';
import { site } from '../src/content/site';
import { signedInStorageState, useServers } from './support/backend';
import { startWorkerServers, type WorkerServers } from './support/servers';

/** The options a project sets for its workers (playwright.config.ts). */
export interface E2EWorkerOptions {
  /** Whether the workers' backends ask new accounts to confirm their address by e-mail. */
  emailConfirmations: boolean;
  /** Whether the workers' backends refuse the public account forms without a captcha token. */
  captcha: boolean;
}

/**
 * Every worker has its own backend and site (`servers`, e2e/support/servers.ts); pages open the
 * worker's site (baseURL). Every test fails if its page logs a console error or throws. A test that
 * expects an error (the not-found page logs the missing path on purpose) asserts it and then removes
 * it from the list. `test.use({ account: 'admin@example.com' })` starts a test signed in as that
 * seeded account.
 */
export const test = base.extend<
  {
    consoleErrors: string[];
    externalRequests: string[];
    account: string | undefined;
  },
  E2EWorkerOptions & { servers: WorkerServers }
>({
  emailConfirmations: [false, { scope: 'worker', option: true }],
  captcha: [false, { scope: 'worker', option: true }],
  servers: [
    async ({ emailConfirmations, captcha }, use) => {
      const servers = await startWorkerServers({ confirmations: emailConfirmations, captcha });
      useServers(servers);
      try {
        await use(servers);
      } finally {
        await servers.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 180_000, title: "the worker's backend and site" },
  ],
  baseURL: async ({ servers }, use) => {
    await use(servers.siteOrigin);
  },
  account: [undefined, { option: true }],
  // A prerendered page is painted before its code loads (src/app/main.tsx): a navigation waits
  // until the app has started, as a visitor's first scroll or press needs, unless the test asks for
  // an earlier point ('commit', 'domcontentloaded') on purpose.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!options?.waitUntil || options.waitUntil === 'load') {
        await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
  storageState: async ({ account, storageState }, use) => {
    await use(account ? await signedInStorageState(account) : storageState);
  },
  // Nothing leaves this machine: the browser resolves no host but this one (playwright.config.ts),
  // and a request to another host fails the test. Requests are watched, not intercepted: a route
  // would hold every request of every page in the runner and turn the browser's cache off. The
  // video host is the one exception: a facade asks for its player once pressed, or by the autoplay
  // rule while a test lingers on the page, and the player fails to load instead (tests that press
  // play answer it with a blank player: stubVideoHost).
  externalRequests: [
    async ({ context }, use) => {
      const external: string[] = [];
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
        if (localHosts.includes(url.hostname) || url.origin === site.videoHost) return;
        external.push(request.url());
      });
      await use(external);
      expect(external, 'requests that left localhost').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Drops the console lines Chromium writes for HTTP errors a test provoked on purpose (a wrong
 * password is a 400), after checking that nothing else is among them.
 */
export function expectFailedRequests(consoleErrors: string[], statuses: number[]): void {
  const expected = consoleErrors.filter((line) =>
    statuses.some((status) => line.includes(`status of ${status} `)),
  );
  expect(expected.length, 'the provoked failures were logged').toBeGreaterThan(0);
  const others = consoleErrors.filter((line) => !expected.includes(line));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

const localHosts = ['localhost', '127.0.0.1'];

const blankPlayer = '<!doctype html><title>Video</title>';

/** Answers the video host's player requests on this page with a blank page, for a test that presses play. */
export async function stubVideoHost(page: Page): Promise<void> {
  await page.route(`${site.videoHost}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: blankPlayer }),
  );
}

export { expect };
