import { lazy, Suspense } from 'react';
import { CardGrid } from '@/components/marketing/CardGrid';
import type { CardItem } from '@/content/types';
import { Section } from '@/components/marketing/Section';
import { VideoFacade } from '@/components/media/VideoFacade';
import { moduleImage, modules, moduleSlugs } from '@/content/modules';
import { site } from '@/content/site';
import {
  libraryHero,
  libraryModules,
  libraryUseCases,
  trainingLibraryHero,
} from '@/content/trainingLibrary';
import { whenNearViewport } from '@/lib/whenNearViewport';
import { ActionButtons } from '../components/ActionButtons';
import { HeroWithMedia } from '../components/HeroWithMedia';

// The part after the catalogue is not in the page's first view: its code and words load when the
// visitor scrolls towards it (its prerendered HTML stands, unhydrated, until then).
const TrainingLibraryBelowTheFold = lazy(() =>
  whenNearViewport('[data-library-below-the-fold]').then(
    () => import('../components/TrainingLibraryBelowTheFold'),
  ),
);

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
        media={
          <VideoFacade video={site.videos.libraryLoop} autoplay={{ delayMs: 2000 }} loop priority />
        }
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

      <div data-library-below-the-fold>
        <Suspense fallback={null}>
          <TrainingLibraryBelowTheFold />
        </Suspense>
      </div>
    </>
  );
}
