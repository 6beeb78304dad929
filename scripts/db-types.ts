/**
 * `npm run db:types`: regenerates src/lib/database.types.ts from a fresh database built from
 * supabase/migrations (a throwaway local backend), so the types match the migrations exactly.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBackend } from '../local-backend/src/backend';
import { freePort } from '../local-backend/test/harness';
import { databaseTypesPath, generateDatabaseTypes } from './lib/database-types';

const root = resolve(import.meta.dirname, '..');
const scratch = await mkdtemp(join(tmpdir(), 'db-types-'));
await chmod(scratch, 0o755);
const backend = await startBackend({
  projectRoot: root,
  dataDir: join(scratch, 'postgres'),
  apiPort: await freePort(),
  dbPort: await freePort(),
  mailPort: await freePort(),
});
try {
  await writeFile(join(root, databaseTypesPath), await generateDatabaseTypes(backend.deps.pool));
  console.log(`Wrote ${databaseTypesPath}.`);
} finally {
  await backend.stop();
  await rm(scratch, { recursive: true, force: true });
}
