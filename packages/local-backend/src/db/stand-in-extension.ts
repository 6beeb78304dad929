/**
 * Extensions hosted Supabase has and the embedded Postgres lacks are given to it as stand-ins of the
 * same name: a control file and one install script, written into Postgres's extension folder so that
 * `create extension` in a migration finds them (pg_cron, pg_net, supabase_vault).
 */
import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { BackendStartError } from '../start-error';
import { postgresShareDir } from './postgres';

export interface StandInExtension {
  /** The extension's name, as `create extension` spells it. */
  name: string;
  version: string;
  /** The folder holding `<name>.control` and `<name>--<version>.sql`. */
  sourceDir: string;
}

/** Every stand-in's control file says so: how a real extension of the same name is told apart. */
const standInMarker = 'local backend stand-in';

/**
 * Writes the stand-in's files into `<share>/extension/` unless they are there already. A real
 * extension of that name found there is left alone.
 */
export async function installStandInExtension(
  extension: StandInExtension,
  shareDir = postgresShareDir(),
): Promise<void> {
  const extensionDir = join(shareDir, 'extension');
  const controlFile = `${extension.name}.control`;
  const installedControl = await readFile(join(extensionDir, controlFile), 'utf8').catch(
    () => undefined,
  );
  if (installedControl !== undefined && !installedControl.includes(standInMarker)) return;

  for (const file of [controlFile, `${extension.name}--${extension.version}.sql`]) {
    const wanted = await readFile(join(extension.sourceDir, file), 'utf8');
    const target = join(extensionDir, file);
    if ((await readFile(target, 'utf8').catch(() => undefined)) === wanted) continue;
    // Written aside and renamed into place: another backend starting at the same moment may be
    // reading the file, and must never see half of it.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, wanted);
      // Readable by the postgres system user Postgres runs as under root, whatever the umask.
      await chmod(temporary, 0o644);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw new BackendStartError(
        `Could not install the ${extension.name} stand-in into ${extensionDir}: ${(error as Error).message}`,
      );
    }
  }
}

/** Stops the start with a clear line when Postgres does not see a stand-in where it was written. */
export async function assertExtensionAvailable(pool: pg.Pool, name: string): Promise<void> {
  const { rowCount } = await pool.query('select 1 from pg_available_extensions where name = $1', [
    name,
  ]);
  if (!rowCount) {
    throw new BackendStartError(
      `Postgres does not see the ${name} stand-in written to ${join(postgresShareDir(), 'extension')}`,
    );
  }
}
