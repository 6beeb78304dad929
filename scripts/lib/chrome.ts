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
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execSync(`command -v ${name}`, { encoding: 'utf8', shell: '/bin/sh' }).trim();
    } catch {
      // not this one; try the next name
    }
  }
  throw new Error(
    "Chromium was not found. Run `npm run setup:browser` (installs Debian's chromium when run as root), " +
      'or install Chromium yourself and set CHROME_PATH to its executable.',
  );
}
