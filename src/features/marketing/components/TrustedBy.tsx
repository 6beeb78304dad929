import { lazy, Suspense } from 'react';
import { Section } from '@/components/marketing/Section';
import type { PartnerLogo } from '@/content/types';
import { whenNearViewport } from '@/lib/whenNearViewport';
import { LogoTrack } from './LogoTrack';

// The carousel library is not part of the page's first view: its code loads when the visitor
// scrolls towards it. Until then the prerendered carousel stays as it is, or, after a client-side
// navigation, the static row stands in for it (same markup, so nothing shifts when it takes over).
const LogoCarousel = lazy(() =>
  whenNearViewport('[data-logo-carousel]').then(() => import('./LogoCarousel')),
);

const carouselLabel = 'Partner logos';

/** The 'Trusted by' section: partner logos that rotate on their own. */
export function TrustedBy({
  title,
  intro,
  logos,
}: {
  title: string;
  intro: string;
  logos: readonly PartnerLogo[];
}) {
  return (
    <Section title={title} intro={intro} tone="muted">
      <div data-logo-carousel>
        <Suspense fallback={<LogoTrack logos={logos} label={carouselLabel} />}>
          <LogoCarousel logos={logos} label={carouselLabel} />
        </Suspense>
      </div>
    </Section>
  );
}
