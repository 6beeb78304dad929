import { ArrowRight } from 'lucide-react';
import { Link } from '@/lib/links';
import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { PageHero } from '@/components/layout/PageHero';
import {
  productOfferings,
  surgicalHeroCardsHeading,
  surgicalOverview,
  surgicalTrainingHero,
} from '@/content/surgicalTraining';
import { ProductSection } from '../components/ProductSection';

const heroCards = productOfferings.map((offering) => ({
  title: offering.name,
  text: offering.summary,
  icon: offering.icon,
  href: `#${offering.id}`,
}));

export default function SurgicalTrainingPage() {
  return (
    <>
      <PageHero copy={surgicalTrainingHero}>
        <div className="w-full">
          <h2 className="sr-only">{surgicalHeroCardsHeading}</h2>
          <CardGrid items={heroCards} />
        </div>
      </PageHero>
      {productOfferings.map((offering, index) => (
        <ProductSection
          key={offering.id}
          offering={offering}
          tone={index % 2 === 0 ? 'plain' : 'muted'}
          videoSide={index % 2 === 0 ? 'start' : 'end'}
        />
      ))}
      <Section
        eyebrow={surgicalOverview.eyebrow}
        title={surgicalOverview.title}
        intro={surgicalOverview.intro}
        tone="muted"
      >
        <img
          src={surgicalOverview.image.src}
          alt={surgicalOverview.image.alt}
          loading="lazy"
          decoding="async"
          width={1600}
          height={900}
          className="aspect-video w-full rounded-2xl border bg-card object-cover shadow-xl shadow-brand-ink/10"
        />
        <ul className="mt-8 flex flex-wrap gap-x-8 gap-y-3">
          {surgicalOverview.links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex min-h-6 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
              >
                {link.label}
                <ArrowRight aria-hidden className="h-4 w-4" />
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
