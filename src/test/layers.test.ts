// @vitest-environment node
import { fileURLToPath } from 'node:url';
import type { ESLint } from 'eslint';
import { snippetLinter } from './snippetLinter';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules (eslint.config.js, boundaries/dependencies) on small snippets placed in the tree:
 * an import against the layers fails lint, and the named compositions and seams pass.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = snippetLinter(root);
});

/** The boundaries messages for `code` written at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return messages
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe('one-way layers', () => {
  it.each([
    [
      'content importing a component',
      'src/content/example.ts',
      "import type { CardItem } from '@/components/marketing/CardGrid';\nexport type Card = CardItem;\n",
      /"content" to elements of type "components"/,
    ],
    [
      'content importing lib',
      'src/content/example.ts',
      "import { cn } from '@/lib/cn';\nexport const classes = cn('a');\n",
      /"content" to elements of type "lib"/,
    ],
    [
      'a component importing a feature',
      'src/components/layout/Example.tsx',
      "import { ProfileMenu } from '@/features/auth/components/ProfileMenu';\nexport const Menu = ProfileMenu;\n",
      /"components" to elements of type "feature"/,
    ],
    [
      'lib importing a component',
      'src/lib/example.ts',
      "import { Button } from '@/components/ui/button';\nexport const button = Button;\n",
      /"lib" to elements of type "components"/,
    ],
    [
      'lib importing a feature',
      'src/lib/auth/example.ts',
      "import { useTrialStatus } from '@/features/trials/hooks';\nexport const status = useTrialStatus;\n",
      /"lib" to elements of type "feature"/,
    ],
    [
      'a feature importing the app',
      'src/features/marketing/example.ts',
      "import { appRoutes } from '@/app/routes';\nexport const routes = appRoutes;\n",
      /feature="marketing" to elements of type "app"/,
    ],
    [
      'a lazily loaded feature in a component',
      'src/components/layout/Example.tsx',
      "export const load = () => import('@/features/notifications/components/NotificationBell');\n",
      /"components" to elements of type "feature"/,
    ],
  ])('fails %s', async (_, filePath, code, message) => {
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [
      'content importing its types',
      'src/content/example.ts',
      "import type { CardItem } from './types';\nexport type Card = CardItem;\n",
    ],
    [
      'a feature importing components, content and lib',
      'src/features/admin/example.ts',
      "import { Button } from '@/components/ui/button';\nimport { site } from '@/content/site';\nimport { useAuth } from '@/lib/auth/AuthProvider';\nexport const all = [Button, site, useAuth];\n",
    ],
    [
      'the app composing features into the header',
      'src/app/layout/Example.tsx',
      "import { NotificationBell } from '@/features/notifications/components/NotificationBell';\nexport const Bell = NotificationBell;\n",
    ],
  ])('allows %s', async (_, filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});

describe('features', () => {
  it.each([
    [
      'auth importing trials',
      'src/features/auth/example.ts',
      "import { useTrialStatus } from '@/features/trials/hooks';\nexport const status = useTrialStatus;\n",
      ['auth', 'trials'],
    ],
    [
      'marketing importing trials beyond the trial button',
      'src/features/marketing/components/Example.tsx',
      "import { TrialCard } from '@/features/trials/components/TrialCard';\nexport const Card = TrialCard;\n",
      ['marketing', 'trials'],
    ],
    [
      'trials importing an auth page',
      'src/features/trials/pages/Example.tsx',
      "import LoginPage from '@/features/auth/pages/LoginPage';\nexport const Page = LoginPage;\n",
      ['trials', 'auth'],
    ],
    [
      'modules importing trials beyond the trial status hook',
      'src/features/modules/pages/Example.tsx',
      "import { requestTrial } from '@/features/trials/trialRequest';\nexport const request = requestTrial;\n",
      ['modules', 'trials'],
    ],
    [
      'admin importing learning',
      'src/features/admin/example.ts',
      "export { launchModule } from '@/features/learning/launch';\n",
      ['admin', 'learning'],
    ],
    [
      'modules importing learning beyond its hooks, progress and progress summary',
      'src/features/modules/pages/Example.tsx',
      "export { fetchUnlocks } from '@/features/learning/api';\n",
      ['modules', 'learning'],
    ],
    [
      'admin importing modules',
      'src/features/admin/example.ts',
      "export { unlockModule } from '@/features/modules/api';\n",
      ['admin', 'modules'],
    ],
  ])('fails %s', async (_, filePath, code, [from, to]) => {
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`feature="${from}" to elements of type "feature"`);
    expect(errors[0]).toContain(`feature="${to}"`);
  });

  it.each([
    [
      "marketing composing trials' TrialButton",
      'src/features/marketing/components/Example.tsx',
      "import { TrialButton } from '@/features/trials/components/TrialButton';\nexport const Button = TrialButton;\n",
    ],
    [
      'the trial sign-up composing the sign-in form',
      'src/features/trials/pages/Example.tsx',
      "import { AccountFields } from '@/features/auth/components/AccountFields';\nimport { AuthCard } from '@/features/auth/components/AuthCard';\nimport { loginSchema } from '@/features/auth/schemas';\nexport const all = [AccountFields, AuthCard, loginSchema];\n",
    ],
    [
      'a module page launching its player and showing the progress',
      'src/features/modules/pages/Example.tsx',
      "import { useLaunch } from '@/features/learning/hooks';\nimport { startTrainingLabel } from '@/features/learning/progress';\nimport { ProgressSummary } from '@/features/learning/components/ProgressSummary';\nexport const all = [useLaunch, startTrainingLabel, ProgressSummary];\n",
    ],
    [
      'the dashboard carrying My learning',
      'src/features/trials/pages/Example.tsx',
      "import { learningProgressQuery } from '@/features/learning/api';\nimport { MyLearningLoading } from '@/features/learning/components/MyLearningFrame';\nexport const all = [learningProgressQuery, MyLearningLoading];\nexport const load = () => import('@/features/learning/components/MyLearning');\n",
    ],
    [
      'a module page reading the trial status',
      'src/features/modules/pages/Example.tsx',
      "import { useTrialStatus } from '@/features/trials/hooks';\nexport const status = useTrialStatus;\n",
    ],
  ])('allows %s', async (_, filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});

describe('the toaster seam', () => {
  const lazy = "export const load = () => import('@/components/feedback/mountToaster');\n";

  it('lets the toast helper load the toaster lazily', async () => {
    expect(await layerErrors('src/lib/toast.ts', lazy)).toEqual([]);
  });

  it('fails a static import of it, and any other lib module reaching for it', async () => {
    const eager =
      "import { mountToaster } from '@/components/feedback/mountToaster';\nexport const mount = mountToaster;\n";
    expect(await layerErrors('src/lib/toast.ts', eager)).toHaveLength(1);
    expect(await layerErrors('src/lib/example.ts', lazy)).toHaveLength(1);
  });
});
