import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A hash of the names, sizes and modification times of every file under supabase/functions (.env
 * included): when it changes, a warm worker runs stale code. The whole folder counts because
 * functions share code (_shared/). A .env counts by its content too: two quick writes of the same
 * length can share a modification time, and each must reach the next request's worker.
 */
export async function sourceFingerprint(functionsDir: string): Promise<string> {
  const hash = createHash('sha1');
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name === 'node_modules') continue;
      if (entry.name.startsWith('.') && entry.name !== '.env') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        const info = await stat(path).catch(() => undefined);
        if (info) hash.update(`${path}\0${info.mtimeMs}\0${info.size}\n`);
        if (entry.name === '.env') hash.update(await readFile(path).catch(() => ''));
      }
    }
  };
  await walk(functionsDir);
  return hash.digest('hex');
}
