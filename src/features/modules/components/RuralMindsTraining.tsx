import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { modules } from '@/content/modules';
import { ruralMindsCopy, ruralMindsVersions, type RuralMindsVersion } from '@/content/ruralMinds';
import { cn } from '@/lib/cn';
import { playerAddress, playerAddressForCode, ruralMindsCutCode } from '@/lib/playerAddress';
import { ModuleHero } from './ModuleHero';

// The viewer's code loads when a visitor starts the training, like the player itself.
const PlayerViewer = lazy(() =>
  import('./PlayerViewer').then(({ PlayerViewer }) => ({ default: PlayerViewer })),
);

const module = modules['rural-minds'];

/**
 * The professional version for a signed-in learner: launched as a cmi5 session (so their progress is
 * recorded), with their progress and a label that follows it.
 */
export interface ProfessionalLaunch {
  /** Start Training, Resume Training or Watch Again. */
  label: string;
  launching: boolean;
  /** The launch URL once launched; the player mounts with it only. */
  url: string | undefined;
  launch: () => void;
  /** The player closed: the next opening launches again, and the progress is read afresh. */
  close: () => void;
  /** Under the hero's buttons. */
  progress: ReactNode;
}

/**
 * Rural Minds' hero and its viewer: Start Training (the professional version) and the farmer-facing
 * cut each open the 360 player in the page, with Close Training. Anonymous visitors, and everyone
 * for the cut, get the plain player address (nothing is recorded); a signed-in learner's
 * professional version is launched (`learner`).
 */
export function RuralMindsTraining({ learner }: { learner?: ProfessionalLaunch }) {
  const [open, setOpen] = useState<RuralMindsVersion | undefined>();
  const buttons = useRef(new Map<RuralMindsVersion['id'], HTMLButtonElement>());

  const launched = (version: RuralMindsVersion) => version.player === 'module' && learner;
  const address = (version: RuralMindsVersion) =>
    version.player === 'cut'
      ? playerAddressForCode(ruralMindsCutCode)
      : learner
        ? learner.url
        : playerAddress(module.slug);
  const shownSrc = open && address(open);

  function openVersion(version: RuralMindsVersion) {
    if (open && launched(open) && open.id !== version.id) learner?.close();
    setOpen(version);
    if (launched(version) && !learner?.url && !learner?.launching) learner?.launch();
  }

  function close() {
    const opener = open && buttons.current.get(open.id);
    if (open && launched(open)) learner?.close();
    setOpen(undefined);
    opener?.focus();
  }

  return (
    <>
      <ModuleHero module={module} progress={learner?.progress}>
        {ruralMindsVersions.map((version, index) => {
          const busy = Boolean(launched(version) && learner?.launching);
          return (
            <Button
              key={version.id}
              ref={(element) => {
                if (element) buttons.current.set(version.id, element);
                else buttons.current.delete(version.id);
              }}
              type="button"
              size="lg"
              variant={index === 0 ? 'default' : 'secondary'}
              aria-expanded={open?.id === version.id && shownSrc !== undefined}
              // Busy rather than disabled: a disabled button would drop the keyboard's focus.
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              className={cn(busy && 'cursor-progress opacity-80')}
              onClick={() => {
                if (!busy) openVersion(version);
              }}
            >
              {index === 0 ? <Play aria-hidden className="fill-current" /> : null}
              {launched(version) ? learner?.label : version.buttonLabel}
            </Button>
          );
        })}
      </ModuleHero>

      {open && shownSrc ? (
        <div className="bg-background px-4 pb-12 pt-2 md:px-8">
          <Suspense
            fallback={
              <div className="mx-auto aspect-video max-w-[1920px] rounded-xl bg-brand-ink" />
            }
          >
            <PlayerViewer
              key={open.id}
              src={shownSrc}
              title={open.viewerTitle}
              hint={ruralMindsCopy.viewerHint}
              onClose={close}
            />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
