/**
 * The module slugs the database knows are the catalogue's: unlock_module's list is every module
 * with an unlock gate, and the trial-module insert policy is the trial library's three.
 */
import { describe, expect, it } from 'vitest';
import { modules, moduleSlugs, trialModuleSlugs } from '../../src/content/modules';
import { database } from './project';

/** The single-quoted strings of a piece of SQL, in order. */
function quoted(sql: string): string[] {
  return [...sql.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '');
}

describe('the module slugs in SQL match src/content/modules.ts', () => {
  it("unlock_module's slugs are the modules with an unlock gate", async () => {
    const { rows } = await database().query<{ source: string }>(
      "select prosrc as source from pg_proc where proname = 'unlock_module' and pronamespace = 'public'::regnamespace",
    );
    expect(rows).toHaveLength(1);
    const list = /slug not in \(([^)]*)\)/.exec(rows[0]?.source ?? '')?.[1];
    expect(list, 'unlock_module checks the slug against a list').toBeDefined();
    const unlockable = moduleSlugs.filter((slug) => modules[slug].unlockable);
    expect(quoted(list ?? '').sort()).toEqual([...unlockable].sort());
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
