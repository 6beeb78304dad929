import { lazy, Suspense } from 'react';
import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { VideoFacade } from '@/components/media/VideoFacade';
import { homeHero, homeHeroActions, homeWhatWeDo, trustedBy } from '@/content/home';
import { site } from '@/content/site';
import { whenNearViewport } from '@/lib/whenNearViewport';
import { ActionButtons } from '../components/ActionButtons';
import { HeroWithMedia } from '../components/HeroWithMedia';
import { TrustedBy } from '../components/TrustedBy';

// The rest of the page is not part of its first view: its code and words load when the visitor
// scrolls towards it. Until then its prerendered HTML stands, unhydrated; after a client-side
// navigation it renders as soon as its chunk arrives.
const HomeBelowTheFold = lazy(() =>
  whenNearViewport('[data-home-below-the-fold]').then(
    () => import('../components/HomeBelowTheFold'),
  ),
);

export default function HomePage() {
  return (
    <>
      <HeroWithMedia
        copy={homeHero}
        eyebrow={site.tagline}
        actions={<ActionButtons actions={homeHeroActions} />}
        media={<VideoFacade video={site.videos.homeHero} priority />}
      />

      <Section eyebrow={homeWhatWeDo.eyebrow} title={homeWhatWeDo.title}>
        <CardGrid items={homeWhatWeDo.cards} columns={2} />
      </Section>

      <div data-home-below-the-fold>
        <Suspense fallback={null}>
          <HomeBelowTheFold />
        </Suspense>
      </div>

      {/* Outside the deferred part: the carousel loads its own code when the visitor nears it. */}
      <TrustedBy title={trustedBy.title} intro={trustedBy.intro} logos={trustedBy.logos} />
    </>
  );
}
