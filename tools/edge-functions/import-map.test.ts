// The edge functions take every dependency from one import map, at the versions package.json pins
// (dependencies the app shares, such as supabase-js and zod, or devDependencies only the functions
// use, such as xapi-validation, installed so that deno check runs offline): a bump in package.json
// fails here until the one line in deno.json follows.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = async (path: string): Promise<unknown> =>
  JSON.parse(await readFile(`${root}/${path}`, 'utf8'));

describe('supabase/functions/deno.json', () => {
  it('pins each npm package at the version package.json pins', async () => {
    const { imports } = (await readJson('supabase/functions/deno.json')) as {
      imports: Record<string, string>;
    };
    const { dependencies, devDependencies } = (await readJson('package.json')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const installed = { ...devDependencies, ...dependencies };
    const pinned = Object.values(imports).map((target) => {
      const match = /^npm:(@?[^@/]+(?:\/[^@/]+)?)@([^/]+)/.exec(target);
      if (!match) throw new Error(`not an npm: specifier with a version: ${target}`);
      return { name: match[1] ?? '', version: match[2] ?? '' };
    });
    expect(pinned.length).toBeGreaterThan(0);
    for (const { name, version } of pinned)
      expect(version, `${name} in deno.json vs package.json`).toBe(installed[name]);
  });
});
