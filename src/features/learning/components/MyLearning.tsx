import { Play, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { myLearningCopy as copy } from '@/content/learning';
import { Link } from '@/lib/links';
import { useMyLearning } from '../hooks';
import type { LearningEntry } from '../myLearning';
import type { ProgressState } from '../progress';
import { MyLearningFrame, MyLearningSkeleton } from './MyLearningFrame';
import { ProgressSummary } from './ProgressSummary';

const actions: Record<ProgressState, string> = {
  'not-started': copy.actions.start,
  started: copy.actions.start,
  'in-progress': copy.actions.resume,
  completed: copy.actions.watchAgain,
};

/**
 * The dashboard's My learning: each module the learner can open, with their progress and a link to
 * start, resume or watch it again. `trialActive` is undefined while the trial status loads.
 */
export default function MyLearning({
  userId,
  trialActive,
}: {
  userId: string;
  trialActive: boolean | undefined;
}) {
  const { entries, failed, retry } = useMyLearning(userId, trialActive ?? false);
  const ready = entries && trialActive !== undefined;
  return (
    <MyLearningFrame busy={!ready && !failed}>
      {failed ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3">
          <p className="font-medium text-destructive">{copy.loadFailed}</p>
          <Button type="button" variant="outline" size="sm" onClick={retry}>
            <RotateCcw aria-hidden />
            {copy.retryLabel}
          </Button>
        </div>
      ) : ready ? (
        <LearningList entries={entries} />
      ) : (
        <MyLearningSkeleton />
      )}
    </MyLearningFrame>
  );
}

function LearningList({ entries }: { entries: LearningEntry[] }) {
  const started = entries.some((entry) => entry.progress.state !== 'not-started');
  return (
    <>
      {started ? null : <p className="mt-4 rounded-lg bg-secondary p-4">{copy.empty}</p>}
      <ul aria-label={copy.listLabel} className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {entries.map(({ module, href, progress }) => {
          const action = actions[progress.state];
          return (
            <li key={module.slug} className="flex flex-col gap-3 rounded-lg border p-4">
              <h3 className="font-semibold text-brand-ink">{module.title}</h3>
              <ProgressSummary moduleTitle={module.title} progress={progress} />
              <Link
                to={href}
                aria-label={copy.actionLabel(action, module.title)}
                className={buttonVariants({
                  variant: progress.state === 'in-progress' ? 'default' : 'outline',
                  size: 'sm',
                  className: 'mt-auto self-start',
                })}
              >
                {progress.state === 'completed' ? (
                  <RotateCcw aria-hidden />
                ) : (
                  <Play aria-hidden className="fill-current" />
                )}
                {action}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
