import { useRef, useState } from 'react';
import { Mail, Newspaper, Phone, Play } from 'lucide-react';
import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { VideoFacade } from '@/components/media/VideoFacade';
import { Button, buttonVariants } from '@/components/ui/button';
import { details } from '@/content/moduleDetails/rural-minds';
import { modules } from '@/content/modules';
import { ruralMindsCopy, ruralMindsVersions, type RuralMindsVersion } from '@/content/ruralMinds';
import { site } from '@/content/site';
import { ModuleDetailsSections } from '../components/ModuleDetailsSections';
import { ModuleHero } from '../components/ModuleHero';
import { PlayerViewer } from '../components/PlayerViewer';
import { playerAddress, playerAddressForCode, ruralMindsCutCode } from '../playerAddress';

const module = modules['rural-minds'];

function versionAddress(version: RuralMindsVersion): string {
  return version.player === 'cut'
    ? playerAddressForCode(ruralMindsCutCode)
    : playerAddress(module.slug);
}

export default function RuralMindsPage() {
  const [open, setOpen] = useState<RuralMindsVersion | undefined>();
  const buttons = useRef(new Map<RuralMindsVersion['id'], HTMLButtonElement>());
  const { contact, urgentHelp, news, about } = ruralMindsCopy;

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
          <PlayerViewer
            key={open.id}
            src={versionAddress(open)}
            title={open.viewerTitle}
            hint={ruralMindsCopy.viewerHint}
            onClose={close}
          />
        </div>
      ) : null}

      <Section eyebrow="Two versions" title="One story, told for two audiences">
        <CardGrid
          columns={2}
          items={ruralMindsVersions.map((version) => ({
            title: version.heading,
            text: version.text,
          }))}
        />
      </Section>

      <Section tone="muted" eyebrow="Watch" title={about.title} intro={about.intro}>
        <VideoFacade video={site.videos.ruralMindsAbout} className="max-w-4xl shadow-xl" />
      </Section>

      <ModuleDetailsSections details={details} only={['description', 'outcomes', 'resources']} />

      <Section tone="dark" eyebrow="Contact" title={contact.title} intro={contact.text}>
        <div className="flex flex-col gap-8 lg:flex-row lg:items-start lg:justify-between">
          <a
            href={`mailto:${site.contactEmail}?subject=${encodeURIComponent(contact.subject)}`}
            className={buttonVariants({ size: 'lg', className: 'self-start' })}
          >
            <Mail aria-hidden />
            {contact.buttonLabel}
          </a>
          <div className="max-w-md rounded-xl border border-white/20 bg-white/5 p-6">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-white">
              <Phone aria-hidden className="h-5 w-5 text-brand-glow" />
              {urgentHelp.title}
            </h3>
            <p className="mt-2 text-white/85">{urgentHelp.text}</p>
          </div>
        </div>
      </Section>

      <Section eyebrow="News" title={news.title}>
        <CardGrid items={news.items.map((item) => ({ ...item, icon: Newspaper }))} />
      </Section>

      <ModuleDetailsSections details={details} only={['acknowledgements']} />
    </>
  );
}
