/**
 * The module slugs the database knows are the catalogue's: the modules with an unlock gate (the
 * slugs unlock_module and create_access_code accept, and the access_codes check), and the trial
 * library's three (the trial-module insert policy).
 */
import { describe, expect, it } from 'vitest';
import { modules, moduleSlugs, trialModuleSlugs } from '../../src/content/modules';
import { database } from './project';

/** The single-quoted strings of a piece of SQL, in order. */
function quoted(sql: string): string[] {
  return [...sql.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '');
}

const unlockable = moduleSlugs.filter((slug) => modules[slug].unlockable);

describe('the module slugs in SQL match src/content/modules.ts', () => {
  it("the functions' list is the modules with an unlock gate", async () => {
    const { rows } = await database().query<{ slugs: string[] }>(
      'select private.training_module_slugs() as slugs',
    );
    expect([...(rows[0]?.slugs ?? [])].sort()).toEqual([...unlockable].sort());
  });

  it('the access_codes check names the same modules', async () => {
    const { rows } = await database().query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.access_codes'::regclass and pg_get_constraintdef(oid) like '%module_slugs%'`,
    );
    expect(rows).toHaveLength(1);
    expect(quoted(rows[0]?.definition ?? '').sort()).toEqual([...unlockable].sort());
  });

  it('the trial-module insert policy names the trial library modules', async () => {
    const { rows } = await database().query<{ check: string }>(
      `select with_check as check from pg_policies
       where schemaname = 'public' and tablename = 'module_unlocks' and cmd = 'INSERT'`,
    );
    expect(rows).toHaveLength(1);
    const named = quoted(rows[0]?.check ?? '').filter((text) => !text.startsWith('{'));
    expect(named.sort()).toEqual([...trialModuleSlugs].sort());
  });
});
