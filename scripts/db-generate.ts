/**
 * `npm run db:generate`: regenerates the files read from the database, from a fresh one built from
 * supabase/migrations (a throwaway local backend), so they match the migrations exactly:
 * src/lib/database.types.ts (the client's types) and docs/schema.sql (the schema, readable).
 * supabase/tests fails while either is out of date.
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startTestBackend } from '@revolve/local-backend/testing';
import { databaseSchemaPath, generateDatabaseSchema } from './lib/database-schema';
import { databaseTypesPath, generateDatabaseTypes } from './lib/database-types';

const root = resolve(import.meta.dirname, '..');
const instance = await startTestBackend({ supabaseDir: join(root, 'supabase') });
try {
  const { pool } = instance;
  await writeFile(join(root, databaseTypesPath), await generateDatabaseTypes(pool));
  await writeFile(join(root, databaseSchemaPath), await generateDatabaseSchema(pool));
  console.log(`Wrote ${databaseTypesPath} and ${databaseSchemaPath}.`);
} finally {
  await instance.stop();
}
