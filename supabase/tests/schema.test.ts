import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { databaseSchemaPath, generateDatabaseSchema } from '../../scripts/lib/database-schema';
import { database } from './project';

const root = join(import.meta.dirname, '..', '..');
const migrationsDir = join(root, 'supabase', 'migrations');

it('the committed schema (docs/schema.sql) is the one the migrations build (run `npm run db:generate` after changing them)', async () => {
  const committed = await readFile(join(root, databaseSchemaPath), 'utf8');
  expect(await generateDatabaseSchema(database())).toBe(committed);
});

// Nothing is deployed, so a change to a function or a policy goes into the migration that creates
// it (docs/adding-a-feature.md): each is written once, where a reader looks for it.
it('no migration redefines a function or a policy an earlier one created', async () => {
  const redefinitions: string[] = [];
  for (const name of (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql'))) {
    const sql = await readFile(join(migrationsDir, name), 'utf8');
    for (const match of sql.matchAll(
      /create\s+or\s+replace\s+function\s+[\w."]+|alter\s+policy\s+"[^"]+"/gi,
    )) {
      redefinitions.push(`${name}: ${match[0]}`);
    }
  }
  expect(redefinitions).toEqual([]);
});
