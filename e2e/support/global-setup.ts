import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBuiltSite } from '../../scripts/lib/site-server';
import { dist, root, siteVariable, templateVariable } from './servers';

/**
 * Once per run, before any worker starts: takes a copy of the built site, which every worker serves
 * a copy of (so a build during the run cannot pull files from under it), and migrates and seeds one
 * database (scripts/e2e-backend.ts --prepare) that every worker's backend starts from a copy of,
 * instead of each running the migrations again. The returned function deletes both after the run.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!isBuiltSite(dist)) {
    throw new Error('dist/ has no built site: run `npm run build:local` first.');
  }
  const folder = await mkdtemp(join(tmpdir(), 'revolve-e2e-template-'));
  const template = join(folder, 'postgres');
  const site = join(folder, 'site');
  try {
    await cp(dist, site, { recursive: true });
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/e2e-backend.ts', '--prepare', template],
        { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
      );
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(`Preparing the end-to-end database failed (${signal ?? code}).`)),
      );
    });
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  // Workers are started after the global setup, with its environment.
  process.env[templateVariable] = template;
  process.env[siteVariable] = site;
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
