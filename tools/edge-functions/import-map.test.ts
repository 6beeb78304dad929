// The edge functions take every dependency from one import map, at the versions the app runs: a
// bump of supabase-js or zod in package.json fails here until the one line in deno.json follows.
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
    const { dependencies } = (await readJson('package.json')) as {
      dependencies: Record<string, string>;
    };
    const pinned = Object.values(imports).map((target) => {
      const match = /^npm:(@?[^@/]+(?:\/[^@/]+)?)@([^/]+)/.exec(target);
      if (!match) throw new Error(`not an npm: specifier with a version: ${target}`);
      return { name: match[1] ?? '', version: match[2] ?? '' };
    });
    expect(pinned.length).toBeGreaterThan(0);
    for (const { name, version } of pinned)
      expect(version, `${name} in deno.json vs package.json`).toBe(dependencies[name]);
  });
});
