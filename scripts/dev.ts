/**
 * `npm run dev`: the local backend (Postgres, API, mailbox; created and seeded on first run), then the
 * Vite dev server once the API answers. Ctrl-C stops both; Postgres shuts down cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { waitForHttp } from './lib/wait-for-http';

const root = resolve(import.meta.dirname, '..');
const apiUrl = 'http://127.0.0.1:54321';
const children: ChildProcess[] = [];

function run(args: string[]): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code) => {
    // Either process ending ends the session: a dev server without its backend is no use.
    if (!stopping) void stop(code ?? 1);
  });
  return child;
}

let stopping = false;
async function stop(code: number): Promise<void> {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((done) => child.once('exit', done)) : null,
    ),
  );
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

run(['--import', 'tsx', 'scripts/backend.ts']);

try {
  await waitForHttp(apiUrl, { timeoutMs: 120_000, givenUp: () => stopping });
} catch (error) {
  if (!stopping) {
    console.error(
      `The local backend did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    await stop(1);
  }
}

if (!stopping) run(['node_modules/vite/bin/vite.js']);
