import { useEffect, useId, useRef, useState } from 'react';
import { ArrowLeft, Lock, RotateCcw } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Link } from '@/lib/links';
import { findModule, type TrainingModule } from '@/content/modules';
import { playerCopy, unlockCopy as copy, unlockHero } from '@/content/trainingAccess';
import { launchCopy } from '@/content/learning';
import { assignedUnlockCopy } from '@/content/invitations';
import { RequireAuth } from '@/components/auth/RequireAuth';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/AuthProvider';
import { useLaunch, useModuleProgress } from '@/features/learning/hooks';
import { ProgressSummary } from '@/features/learning/components/ProgressSummary';
import { AssignedToYouPanel } from '@/features/organisations/components/AssignedToYouPanel';
import { useAssignment } from '@/features/organisations/learnerHooks';
import { PlayerFrame } from '../components/PlayerFrame';
import { UnlockForm } from '../components/UnlockForm';
import { focusTraining } from '../focusTraining';

export default function UnlockPage() {
  const module = findModule(useParams().slug);
  if (!module) return null;
  // unlock_module needs a user: signed out, to the login page and back here, query included.
  return (
    <RequireAuth>
      <SignedInUnlock module={module} />
    </RequireAuth>
  );
}

function SignedInUnlock({ module }: { module: TrainingModule }) {
  const { user } = useAuth();
  if (!user) return null;
  return <UnlockModule key={module.slug} module={module} userId={user.id} />;
}

function UnlockModule({ module, userId }: { module: TrainingModule; userId: string }) {
  const [searchParams] = useSearchParams();
  const [unlocked, setUnlocked] = useState(false);
  // Once unlocked, the player launches (a cmi5 session of its own) and shows with the launch URL;
  // a failed launch can be tried again, the module staying unlocked.
  const launch = useLaunch(module.slug, userId);
  const progress = useModuleProgress(userId, module.slug, launch.url !== undefined);
  const player = useRef<HTMLElement>(null);
  const playerHeadingId = useId();
  // A module the learner's organisation assigned them opens without a password (the server's gate
  // allows it); the form shows while that is read, and for everyone else.
  const assignment = useAssignment(userId, module.slug);
  function start() {
    setUnlocked(true);
    launch.launch();
  }

  useEffect(() => {
    if (unlocked) focusTraining(player.current);
  }, [unlocked]);

  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="container grid items-center gap-8 py-10 md:py-14 lg:grid-cols-[1fr_minmax(0,28rem)] lg:gap-14">
          <div>
            <Link
              to={`/modules/${module.slug}`}
              className="inline-flex min-h-6 items-center gap-2 rounded-sm py-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ArrowLeft aria-hidden className="h-4 w-4" />
              {copy.backLabel(module.title)}
            </Link>
            <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-primary">
              {copy.eyebrow}
            </p>
            <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-brand-ink md:text-5xl">
              {module.title}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-muted-foreground">
              {assignment ? assignedUnlockCopy.intro : unlockHero.intro}
            </p>
            {progress && progress.state !== 'not-started' ? (
              <ProgressSummary
                moduleTitle={module.title}
                progress={progress}
                className="mt-6 max-w-md"
              />
            ) : null}
          </div>
          {assignment ? (
            <AssignedToYouPanel assignment={assignment} started={unlocked} onStart={start} />
          ) : (
            <UnlockForm
              slug={module.slug}
              initialFailure={
                searchParams.get('error') === 'badpass' ? copy.incorrectPassword : undefined
              }
              unlocked={unlocked}
              onUnlocked={start}
            />
          )}
        </div>
      </section>

      <section
        ref={player}
        tabIndex={-1}
        aria-labelledby={playerHeadingId}
        className="scroll-mt-24 px-4 pb-16 pt-4 focus:outline-none md:px-8"
      >
        <h2 id={playerHeadingId} className="sr-only">
          {copy.playerHeading}
        </h2>
        <p role="status" className="sr-only">
          {launch.url ? copy.unlockedAnnouncement : unlocked ? launchCopy.unlockedOpening : ''}
        </p>
        <PlayerFrame
          src={unlocked ? launch.url : undefined}
          title={playerCopy.frameTitle(module.title)}
          placeholder={
            !unlocked ? (
              <p className="flex max-w-md flex-col items-center gap-4 text-lg font-medium md:text-xl">
                <Lock aria-hidden className="h-10 w-10 text-brand-glow" />
                {assignment ? assignedUnlockCopy.playerPlaceholder : copy.playerPlaceholder}
              </p>
            ) : launch.status === 'failed' ? (
              <div className="flex max-w-md flex-col items-center gap-4 text-lg font-medium md:text-xl">
                <p>{launchCopy.failedPlaceholder}</p>
                <Button type="button" variant="secondary" onClick={launch.launch}>
                  <RotateCcw aria-hidden />
                  {launchCopy.retryLabel}
                </Button>
              </div>
            ) : (
              <p className="flex max-w-md flex-col items-center gap-4 text-lg font-medium md:text-xl">
                <span
                  aria-hidden
                  className="block h-10 w-10 animate-spin rounded-full border-4 border-white/30 border-t-white motion-reduce:animate-none"
                />
                {launchCopy.launching}
              </p>
            )
          }
        />
      </section>
    </>
  );
}
