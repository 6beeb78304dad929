import { QueryClientProvider } from '@tanstack/react-query';
import { launchCopy } from '@/content/learning';
import { modules } from '@/content/modules';
import { ruralMindsVersions } from '@/content/ruralMinds';
import { queryClient } from '@/lib/queryClient';
import { useLaunch, useModuleProgress } from '@/features/learning/hooks';
import { startTrainingLabel } from '@/features/learning/progress';
import { ProgressSummary } from '@/features/learning/components/ProgressSummary';
import { RuralMindsTraining } from './RuralMindsTraining';

const { slug, title } = modules['rural-minds'];
const startLabel = ruralMindsVersions.find((version) => version.player === 'module')?.buttonLabel;

/**
 * Rural Minds for a signed-in learner, loaded for them only (with the app's query cache): the
 * professional version launches as a cmi5 session, and their progress shows under the hero.
 */
export default function LearnerRuralMindsTraining({ userId }: { userId: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LearnerTraining userId={userId} />
    </QueryClientProvider>
  );
}

function LearnerTraining({ userId }: { userId: string }) {
  const launch = useLaunch(slug, userId);
  const progress = useModuleProgress(userId, slug, launch.url !== undefined);
  const launching = launch.status === 'launching';
  return (
    <RuralMindsTraining
      learner={{
        label: launching
          ? launchCopy.launchingLabel
          : startTrainingLabel(progress, startLabel ?? ''),
        launching,
        url: launch.url,
        launch: launch.launch,
        close: launch.close,
        progress:
          progress && progress.state !== 'not-started' ? (
            <ProgressSummary moduleTitle={title} progress={progress} />
          ) : null,
      }}
    />
  );
}
