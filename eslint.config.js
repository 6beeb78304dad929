import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import pluginQuery from '@tanstack/eslint-plugin-query';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'coverage',
      'screenshots',
      'test-results',
      'playwright-report',
      '.local-backend',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      'no-console': 'error',
    },
  },
  // TanStack Query's rules (query keys that name what the query reads, stable clients, mutation
  // callbacks in the order they run) for the app's code.
  ...pluginQuery.configs['flat/recommended'].map((config) => ({
    ...config,
    files: ['src/**/*.{ts,tsx}'],
  })),
  {
    // One-way layers (README, "Layout"): content -> lib -> components -> features -> app, each
    // importing only from the layers before it. .dependency-cruiser.cjs checks the same graph for
    // cycles; src/test/layers.test.ts proves that these rules fail where they should.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.app.json' } },
      // Dynamic imports and re-exports are dependencies too; lazy loading is no way round a layer.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'components', pattern: 'src/components', partialMatch: false },
        { type: 'content', pattern: 'src/content', partialMatch: false },
        { type: 'lib', pattern: 'src/lib', partialMatch: false },
        { type: 'test-setup', pattern: 'src/test', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { type: ['feature', 'components', 'content', 'lib'] } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: ['components', 'content', 'lib'] } } },
            },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { type: ['content', 'lib'] } } },
            },
            // lib may read the content it serves (the module catalogue for player addresses);
            // content itself imports nothing outside src/content (its shapes are content/types.ts).
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'content' } } } },
            // The one seam up a layer: the toast helper loads its toaster (a React root with the
            // toast library) with the first toast, so pages that never show one do not download it.
            {
              from: { element: { type: 'lib', fileInternalPath: 'toast.ts' } },
              allow: {
                to: {
                  element: { type: 'components', fileInternalPath: 'feedback/mountToaster.tsx' },
                },
                dependency: { nodeKind: 'dynamic-import' },
              },
            },
            // Features are independent, except where one is composed into another:
            // marketing pages carry the trial button (its state follows the visitor's trial).
            {
              from: { element: { type: 'feature', captured: { feature: 'marketing' } } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: 'trials' },
                    fileInternalPath: 'components/TrialButton.tsx',
                  },
                },
              },
            },
            // The trial sign-up page is the sign-in form (its fields, card, schema, code step and
            // Google and Microsoft buttons) plus the trial request.
            {
              from: { element: { type: 'feature', captured: { feature: 'trials' } } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: 'auth' },
                    fileInternalPath: [
                      'components/AccountFields.tsx',
                      'components/AuthCard.tsx',
                      'components/ExternalSignInButtons.tsx',
                      'components/SignInCodeStep.tsx',
                      'schemas.ts',
                    ],
                  },
                },
              },
            },
            // A trial module page offers training only to a user with an active trial.
            {
              from: { element: { type: 'feature', captured: { feature: 'modules' } } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: 'trials' },
                    fileInternalPath: 'hooks.ts',
                  },
                },
              },
            },
            // Module pages launch their player through the learning records and show the
            // learner's progress.
            {
              from: { element: { type: 'feature', captured: { feature: 'modules' } } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: 'learning' },
                    fileInternalPath: ['hooks.ts', 'progress.ts', 'components/ProgressSummary.tsx'],
                  },
                },
              },
            },
            // The dashboard carries My learning (its first queries start with the page's).
            {
              from: { element: { type: 'feature', captured: { feature: 'trials' } } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: 'learning' },
                    fileInternalPath: [
                      'api.ts',
                      'components/MyLearning.tsx',
                      'components/MyLearningFrame.tsx',
                    ],
                  },
                },
              },
            },
            // The dashboard carries My certificates.
            {
              from: { element: { type: 'feature', captured: { feature: 'trials' } } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: 'certificates' },
                    fileInternalPath: [
                      'components/MyCertificates.tsx',
                      'components/MyCertificatesFrame.tsx',
                    ],
                  },
                },
              },
            },
            // The dashboard carries what the learner's organisations ask of them (invitations and
            // assigned modules), and a manager's way in to /organisation.
            {
              from: { element: { type: 'feature', captured: { feature: 'trials' } } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: 'organisations' },
                    fileInternalPath: [
                      'components/AssignedToYou.tsx',
                      'components/InvitationNotice.tsx',
                      'components/ManagedOrganisationsNotice.tsx',
                    ],
                  },
                },
              },
            },
            // A module the learner's organisation assigned them opens without a password.
            {
              from: { element: { type: 'feature', captured: { feature: 'modules' } } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: 'organisations' },
                    fileInternalPath: ['learnerHooks.ts', 'components/AssignedToYouPanel.tsx'],
                  },
                },
              },
            },
            // Tests use the test kit (src/test: the render helper, the supabase-js fake).
            {
              from: {
                element: {
                  type: ['app', 'feature', 'components', 'lib'],
                  fileInternalPath: '**/*.test.{ts,tsx}',
                },
              },
              allow: { to: { element: { type: 'test-setup' } } },
            },
            // Test setup may reach anything it sets up.
            {
              from: { element: { type: 'test-setup' } },
              allow: { to: { element: { type: '*' } } },
            },
          ],
        },
      ],
    },
  },
  {
    // The logger is the one place allowed to write to the console.
    files: ['src/lib/logger.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'e2e/**/*.ts', '*.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['*.cjs', 'packages/*/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    // Promises nobody awaits or handles, and promises where a void callback is expected, lose
    // errors silently. These rules need the types, so they cover every file a tsconfig checks (the
    // Deno functions are checked by deno instead).
    files: ['**/*.{ts,tsx}'],
    ignores: ['supabase/functions/**'],
    languageOptions: {
      parserOptions: {
        project: [
          './tsconfig.app.json',
          './tsconfig.node.json',
          './packages/local-backend/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
);
