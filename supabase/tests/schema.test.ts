import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { databaseSchemaPath, generateDatabaseSchema } from '../../scripts/lib/database-schema';
import { database } from './project';

it('the committed schema (docs/schema.sql) is the one the migrations build (run `npm run db:generate` after changing them)', async () => {
  const committed = await readFile(
    join(import.meta.dirname, '..', '..', databaseSchemaPath),
    'utf8',
  );
  expect(await generateDatabaseSchema(database())).toBe(committed);
});
