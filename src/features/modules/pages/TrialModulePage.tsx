import { Suspense, useEffect, useId, useRef } from 'react';
import { Play } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { isTrialModuleSlug, modules, type TrialModuleSlug } from '@/content/modules';
import { playerCopy, trialModuleCopy as copy } from '@/content/trainingAccess';
import { useAuth } from '@/lib/auth/AuthProvider';
import { useTrialStatus } from '@/features/trials/hooks';
import { ModuleBody } from '../components/ModuleBody';
import { ModuleHero } from '../components/ModuleHero';
import { NoTrialNotice } from '../components/NoTrialNotice';
import { PlayerFrame } from '../components/PlayerFrame';
import { focusTraining } from '../focusTraining';
import { loadModuleDetails } from '../moduleDetails';
import { useLaunch, useModuleProgress } from '@/features/learning/hooks';
import { startTrainingLabel } from '@/features/learning/progress';
import { ProgressSummary } from '@/features/learning/components/ProgressSummary';
import { useTrialStart, type TrialStartStatus } from '../hooks';

export default function TrialModulePage() {
  const { slug } = useParams();
  const { user } = useAuth();
  // The route's guard has a user by now; an unknown slug is the route table's not-found page.
  if (!user || !isTrialModuleSlug(slug)) return null;
  return <TrialModule key={slug} slug={slug} userId={user.id} />;
}

function TrialModule({ slug, userId }: { slug: TrialModuleSlug; userId: string }) {
  const module = modules[slug];
  // Fetch the copy below the hero alongside the trial check rather than after it.
  void loadModuleDetails(slug);
  // The insert policy on module_unlocks wants an active trial; without one, say how to get one
  // rather than offer a button that can only fail. A failed check counts as no trial (SPEC.md).
  const trial = useTrialStatus(userId);
  const hasActiveTrial = trial.loading ? undefined : trial.status.active;
  const trialStart = useTrialStart(userId, slug);
  // Once the start is recorded, the player launches (a cmi5 session of its own each time) and
  // shows with the launch URL; a failed launch can be tried again, the start staying recorded.
  const launch = useLaunch(slug, userId);
  const status: TrialStartStatus = launch.url
    ? 'started'
    : trialStart.status === 'loading' || launch.status === 'launching'
      ? 'loading'
      : 'not-started';
  const progress = useModuleProgress(userId, slug, status === 'started');
  const startButton = useRef<HTMLButtonElement>(null);
  const training = useRef<HTMLElement>(null);
  const trainingHeadingId = useId();

  // The button is disabled while it works, which drops focus: after a failure it gets it back.
  const previous = useRef<TrialStartStatus>(status);
  useEffect(() => {
    if (previous.current === 'loading' && status === 'started') focusTraining(training.current);
    if (previous.current === 'loading' && status === 'not-started') startButton.current?.focus();
    previous.current = status;
  }, [status]);

  function begin() {
    if (trialStart.status === 'started') launch.launch();
    else trialStart.start(launch.launch);
  }

  const startLabels: Record<TrialStartStatus, string> = {
    'not-started': startTrainingLabel(progress, copy.startLabel),
    loading: copy.loadingLabel,
    started: copy.startedLabel,
  };

  return (
    <>
      <ModuleHero
        module={module}
        backTo={{ href: '/training-library-trial', label: copy.backLabel }}
        progress={
          progress && progress.state !== 'not-started' ? (
            <ProgressSummary moduleTitle={module.title} progress={progress} />
          ) : null
        }
      >
        {hasActiveTrial === false && status !== 'started' ? (
          <NoTrialNotice />
        ) : (
          <Button
            ref={startButton}
            type="button"
            size="lg"
            disabled={hasActiveTrial === undefined || status !== 'not-started'}
            aria-busy={status === 'loading'}
            onClick={begin}
          >
            {status === 'started' ? null : <Play aria-hidden className="fill-current" />}
            {startLabels[status]}
          </Button>
        )}
      </ModuleHero>

      {status === 'started' ? (
        <section
          ref={training}
          tabIndex={-1}
          aria-labelledby={trainingHeadingId}
          className="scroll-mt-24 bg-background px-4 pb-12 pt-2 focus:outline-none md:px-8"
        >
          <div className="mx-auto w-full max-w-[1920px]">
            <h2 id={trainingHeadingId} className="sr-only">
              {copy.trainingHeading}
            </h2>
            <p className="mb-4 rounded-xl border border-primary/20 bg-secondary px-5 py-4 text-sm font-semibold tracking-wide text-brand-ink md:text-base">
              {copy.instructions}
            </p>
            <PlayerFrame src={launch.url} title={playerCopy.frameTitle(module.title)} />
          </div>
        </section>
      ) : null}

      <Suspense fallback={null}>
        <ModuleBody slug={slug} />
      </Suspense>
    </>
  );
}
