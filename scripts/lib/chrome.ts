import { execSync } from 'node:child_process';

/** Flags for the system Chromium on a machine with no GPU and no network beyond loopback. */
export const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** The system Chromium: CHROME_PATH, else the `chromium` on PATH. The project never downloads a browser. */
export function chromePath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const found = firstOnPath(['chromium', 'chromium-browser', 'google-chrome']);
  if (found) return found;
  throw new Error(
    "Chromium was not found. Run `npm run setup:browser` (installs Debian's chromium when run as root), " +
      'or install Chromium yourself and set CHROME_PATH to its executable.',
  );
}

/**
 * The browser the test suites drive: CHROME_PATH, else Chromium's headless shell when installed
 * (the same Blink and V8 without the desktop browser around them; the whole end-to-end suite runs
 * in two thirds of the time on two cores), else the full Chromium. Lighthouse and the speed
 * measurements keep the full browser, as a visitor has it.
 */
export function testBrowserPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return firstOnPath(['chromium-headless-shell']) ?? chromePath();
}

function firstOnPath(names: string[]): string | undefined {
  for (const name of names) {
    try {
      return execSync(`command -v ${name}`, { encoding: 'utf8', shell: '/bin/sh' }).trim();
    } catch {
      // not this one; try the next name
    }
  }
  return undefined;
}
