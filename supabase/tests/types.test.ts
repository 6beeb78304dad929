import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { databaseTypesPath, generateDatabaseTypes } from '../../scripts/lib/database-types';
import { database } from './project';

it('the committed database types match the migrations (run `npm run db:generate` after changing them)', async () => {
  const committed = await readFile(
    join(import.meta.dirname, '..', '..', databaseTypesPath),
    'utf8',
  );
  expect(await generateDatabaseTypes(database())).toBe(committed);
});
