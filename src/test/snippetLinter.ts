import { ESLint } from 'eslint';

/**
 * ESLint with the project's configuration, for snippets linted at paths no tsconfig includes. The
 * type-aware rules need the file in a TypeScript program, so they are off here; every other rule
 * (the layers, TanStack Query's) applies as in `npm run lint`.
 */
export function snippetLinter(cwd: string): ESLint {
  return new ESLint({
    cwd,
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { project: null } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  });
}
