/**
 * `npm run db:types`: regenerates src/lib/database.types.ts from a fresh database built from
 * supabase/migrations (a throwaway local backend), so the types match the migrations exactly.
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startTestBackend } from '@revolve/local-backend/testing';
import { databaseTypesPath, generateDatabaseTypes } from './lib/database-types';

const root = resolve(import.meta.dirname, '..');
const instance = await startTestBackend({ supabaseDir: join(root, 'supabase') });
try {
  await writeFile(
    join(root, databaseTypesPath),
    await generateDatabaseTypes(instance.backend.deps.pool),
  );
  console.log(`Wrote ${databaseTypesPath}.`);
} finally {
  await instance.stop();
}
