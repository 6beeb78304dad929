import { lazy, Suspense, useRef, useState } from 'react';
import { Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { modules } from '@/content/modules';
import { preloadableLazy } from '@/lib/preloadableLazy';
import { ruralMindsCopy, ruralMindsVersions, type RuralMindsVersion } from '@/content/ruralMinds';
import { ModuleHero } from '../components/ModuleHero';
import { loadModuleDetails } from '../moduleDetails';
import { playerAddress, playerAddressForCode, ruralMindsCutCode } from '@/lib/playerAddress';

// The viewer's code loads when a visitor starts the training, like the player itself.
const PlayerViewer = lazy(() =>
  import('../components/PlayerViewer').then(({ PlayerViewer }) => ({ default: PlayerViewer })),
);

const sections = preloadableLazy<object>(() =>
  import('../components/RuralMindsSections').then(({ RuralMindsSections }) => ({
    default: RuralMindsSections,
  })),
);
const RuralMindsSections = sections.Component;

/** Before hydration: the sections' code, so the page hydrates in one pass. */
export async function prepareForHydration(): Promise<void> {
  await Promise.all([sections.preload(), loadModuleDetails('rural-minds')]);
}

const module = modules['rural-minds'];

function versionAddress(version: RuralMindsVersion): string {
  return version.player === 'cut'
    ? playerAddressForCode(ruralMindsCutCode)
    : playerAddress(module.slug);
}

export default function RuralMindsPage() {
  const [open, setOpen] = useState<RuralMindsVersion | undefined>();
  const buttons = useRef(new Map<RuralMindsVersion['id'], HTMLButtonElement>());

  function close() {
    const opener = open && buttons.current.get(open.id);
    setOpen(undefined);
    opener?.focus();
  }

  return (
    <>
      <ModuleHero module={module}>
        {ruralMindsVersions.map((version, index) => (
          <Button
            key={version.id}
            ref={(element) => {
              if (element) buttons.current.set(version.id, element);
              else buttons.current.delete(version.id);
            }}
            type="button"
            size="lg"
            variant={index === 0 ? 'default' : 'secondary'}
            aria-expanded={open?.id === version.id}
            onClick={() => setOpen(version)}
          >
            {index === 0 ? <Play aria-hidden className="fill-current" /> : null}
            {version.buttonLabel}
          </Button>
        ))}
      </ModuleHero>

      {open ? (
        <div className="bg-background px-4 pb-12 pt-2 md:px-8">
          <Suspense
            fallback={
              <div className="mx-auto aspect-video max-w-[1920px] rounded-xl bg-brand-ink" />
            }
          >
            <PlayerViewer
              key={open.id}
              src={versionAddress(open)}
              title={open.viewerTitle}
              hint={ruralMindsCopy.viewerHint}
              onClose={close}
            />
          </Suspense>
        </div>
      ) : null}

      {/* Below the fold: hydrated when its chunk arrives, after the page is already interactive. */}
      <Suspense fallback={null}>
        <RuralMindsSections />
      </Suspense>
    </>
  );
}
