import { lazy, Suspense, useRef, useState } from 'react';
import { Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Section } from '@/components/marketing/Section';
import { VideoFacade } from '@/components/media/VideoFacade';
import { modules } from '@/content/modules';
import { site } from '@/content/site';
import { whenNearViewport } from '@/lib/whenNearViewport';
import { ruralMindsCopy, ruralMindsVersions, type RuralMindsVersion } from '@/content/ruralMinds';
import { ModuleHero } from '../components/ModuleHero';
import { playerAddress, playerAddressForCode, ruralMindsCutCode } from '@/lib/playerAddress';

// The viewer's code loads when a visitor starts the training, like the player itself.
const PlayerViewer = lazy(() =>
  import('../components/PlayerViewer').then(({ PlayerViewer }) => ({ default: PlayerViewer })),
);

// Below the about video: the sections' code and words load when the visitor scrolls to within
// 200 px of them (on a phone the video already fills the first screen). Until then their
// prerendered HTML stands, unhydrated; after a client-side navigation they render as soon as their
// chunk arrives.
const RuralMindsSections = lazy(() =>
  whenNearViewport('[data-rural-minds-sections]', '200px').then(() =>
    import('../components/RuralMindsSections').then(({ RuralMindsSections }) => ({
      default: RuralMindsSections,
    })),
  ),
);

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

      <Section
        tone="muted"
        eyebrow="Watch"
        title={ruralMindsCopy.about.title}
        intro={ruralMindsCopy.about.intro}
      >
        <VideoFacade video={site.videos.ruralMindsAbout} className="max-w-4xl shadow-xl" />
      </Section>

      <div data-rural-minds-sections>
        <Suspense fallback={null}>
          <RuralMindsSections />
        </Suspense>
      </div>
    </>
  );
}
