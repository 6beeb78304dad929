import { CardGrid } from '@/components/marketing/CardGrid';
import type { CardItem } from '@/content/types';
import { Section } from '@/components/marketing/Section';
import { VideoFacade } from '@/components/media/VideoFacade';
import { moduleImage, modules, moduleSlugs } from '@/content/modules';
import { site } from '@/content/site';
import {
  libraryCustomPromo,
  libraryHero,
  libraryImageStrip,
  libraryKeyFeatures,
  libraryModules,
  libraryUseCases,
  trainingLibraryHero,
} from '@/content/trainingLibrary';
import { ActionButtons } from '../components/ActionButtons';
import { HeroWithMedia } from '../components/HeroWithMedia';
import { ImageStrip } from '../components/ImageStrip';
import { PromoBand } from '../components/PromoBand';

// The catalogue's order is the library's order.
const moduleCards: CardItem[] = moduleSlugs.map((slug) => ({
  title: modules[slug].title,
  text: modules[slug].summary,
  image: moduleImage(slug),
  href: `/modules/${slug}`,
}));

export default function TrainingLibraryPage() {
  return (
    <>
      <HeroWithMedia
        copy={trainingLibraryHero}
        eyebrow={libraryHero.eyebrow}
        tagline={libraryHero.tagline}
        actions={<ActionButtons actions={libraryHero.actions} />}
        media={<VideoFacade video={site.videos.libraryLoop} autoplay={{ delayMs: 2000 }} loop />}
      />

      <Section eyebrow={libraryUseCases.eyebrow} title={libraryUseCases.title}>
        <CardGrid items={libraryUseCases.cards} />
      </Section>

      <Section
        id="modules"
        eyebrow={libraryModules.eyebrow}
        title={libraryModules.title}
        intro={libraryModules.intro}
        tone="muted"
      >
        <CardGrid items={moduleCards} columns={5} />
      </Section>

      <PromoBand
        eyebrow={libraryCustomPromo.eyebrow}
        title={libraryCustomPromo.title}
        text={libraryCustomPromo.text}
        actions={libraryCustomPromo.actions}
        image={libraryCustomPromo.image}
        tone="light"
      />

      <ImageStrip images={libraryImageStrip} />

      <Section eyebrow={libraryKeyFeatures.eyebrow} title={libraryKeyFeatures.title} tone="muted">
        <CardGrid items={libraryKeyFeatures.cards} />
      </Section>
    </>
  );
}
