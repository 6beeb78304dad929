import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { waitForHttp } from './wait-for-http';

/** Starts scripts/serve-dist.ts on a port and resolves once it answers; stop() ends it. */
export async function startPreviewServer(
  port: number,
): Promise<{ origin: string; stop: () => void }> {
  const root = resolve(import.meta.dirname, '..', '..');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/serve-dist.ts', '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const origin = `http://localhost:${port}`;
  try {
    await waitForHttp(origin, { timeoutMs: 15_000, givenUp: () => child.exitCode !== null });
  } catch (error) {
    child.kill();
    throw error;
  }
  return { origin, stop: () => child.kill() };
}
