import { Link } from '@/lib/links';
import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { StatGrid } from '@/components/marketing/StatGrid';
import { VideoFacade } from '@/components/media/VideoFacade';
import { buttonVariants } from '@/components/ui/buttonVariants';
import {
  homeBenefits,
  homeClosing,
  homeEndorsements,
  homeHowItWorks,
  homeImpact,
  homeIntro,
} from '@/content/homeBelowTheFold';
import { site } from '@/content/site';
import { EndorsementList } from './EndorsementList';
import { PromoBand } from './PromoBand';

/**
 * The home page after its first screen, up to the partner logos: the film, benefits, impact,
 * endorsements, how it works and the closing promotion.
 */
export default function HomeBelowTheFold() {
  return (
    <>
      <Section title={homeIntro.title} intro={homeIntro.intro} tone="muted">
        <VideoFacade video={site.videos.homeIntro} className="mx-auto max-w-4xl shadow-xl" />
      </Section>

      <Section title={homeBenefits.title}>
        <CardGrid items={homeBenefits.cards} />
      </Section>

      <Section title={homeImpact.title} intro={homeImpact.intro} tone="muted">
        <StatGrid stats={homeImpact.figures} />
        <p className="mt-6 text-sm text-muted-foreground">
          <a
            href={homeImpact.source.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-6 items-center gap-1.5 underline underline-offset-4 hover:text-primary"
          >
            {homeImpact.source.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </Section>

      <Section title={homeEndorsements.title} tone="dark">
        <EndorsementList items={homeEndorsements.items} />
      </Section>

      <Section title={homeHowItWorks.title}>
        <CardGrid items={homeHowItWorks.features} columns={4} />
        <div className="mt-10">
          <Link
            to={homeHowItWorks.link.to}
            className={buttonVariants({ variant: 'outline', size: 'lg' })}
          >
            {homeHowItWorks.link.label}
          </Link>
        </div>
      </Section>

      <PromoBand title={homeClosing.title} text={homeClosing.text} actions={homeClosing.actions} />
    </>
  );
}
