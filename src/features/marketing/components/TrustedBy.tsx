import { lazy, Suspense } from 'react';
import { Section } from '@/components/marketing/Section';
import type { PartnerLogo } from '@/content/types';
import { LogoTrack } from './LogoTrack';

// The carousel library is not part of the page's first view: it loads after the page, and the
// static row stands in for it (same markup, so nothing shifts when it takes over).
const LogoCarousel = lazy(() => import('./LogoCarousel'));

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
      <Suspense fallback={<LogoTrack logos={logos} label={carouselLabel} />}>
        <LogoCarousel logos={logos} label={carouselLabel} />
      </Suspense>
    </Section>
  );
}
