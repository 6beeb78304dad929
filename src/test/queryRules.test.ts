// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { snippetLinter } from './snippetLinter';
import { describe, expect, it } from 'vitest';

/** TanStack Query's lint rules (eslint.config.js) apply to the app's code. */

const root = fileURLToPath(new URL('../..', import.meta.url));

async function queryRuleErrors(code: string): Promise<string[]> {
  const eslint = snippetLinter(root);
  const [result] = await eslint.lintText(code, { filePath: 'src/features/admin/example.ts' });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('@tanstack/query/'))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('query lint rules', () => {
  it('fail a query key that leaves out what the query reads', async () => {
    const code =
      "import { queryOptions } from '@tanstack/react-query';\n" +
      "export const byId = (id: string) => queryOptions({ queryKey: ['x'], queryFn: () => fetch(id) });\n";
    expect(await queryRuleErrors(code)).toEqual([
      expect.stringMatching(/^@tanstack\/query\/exhaustive-deps: .*\bid\b/),
    ]);
  });

  it('pass one that names it', async () => {
    const code =
      "import { queryOptions } from '@tanstack/react-query';\n" +
      "export const byId = (id: string) => queryOptions({ queryKey: ['x', id], queryFn: () => fetch(id) });\n";
    expect(await queryRuleErrors(code)).toEqual([]);
  });
});
