import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

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
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('The preview server stopped before it answered.');
    try {
      if ((await fetch(origin)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`The preview server did not answer on ${origin} within 15 s.`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { origin, stop: () => child.kill() };
}
