import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { PageHero } from '@/components/layout/PageHero';
import { VideoFacade } from '@/components/media/VideoFacade';
import { pageCopy } from '@/content/pages';
import {
  studioApproach,
  studioCallToAction,
  studioHeroActions,
  studioServices,
  studioServicesIntro,
  studioShowreel,
} from '@/content/studio';
import { PageActionLinks, ProductCallToAction } from '../components/ProductCallToAction';

export default function StudioPage() {
  return (
    <>
      <PageHero copy={pageCopy.studio}>
        <PageActionLinks actions={studioHeroActions} />
      </PageHero>
      <Section {...studioServicesIntro}>
        <CardGrid items={studioServices} columns={4} />
      </Section>
      <Section
        eyebrow={studioShowreel.eyebrow}
        title={studioShowreel.title}
        intro={studioShowreel.intro}
        tone="muted"
      >
        <VideoFacade
          video={studioShowreel.video}
          className="mx-auto max-w-5xl shadow-xl shadow-brand-ink/10"
        />
      </Section>
      <Section
        eyebrow={studioApproach.eyebrow}
        title={studioApproach.title}
        intro={studioApproach.intro}
      >
        <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          <img
            src={studioApproach.image.src}
            alt={studioApproach.image.alt}
            loading="lazy"
            decoding="async"
            width={1600}
            height={900}
            className="aspect-video w-full rounded-2xl border bg-card object-cover shadow-xl shadow-brand-ink/10"
          />
          <ul className="space-y-8">
            {studioApproach.points.map(({ title, text, icon: Icon }) => (
              <li key={title} className="flex gap-5">
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
                  <Icon aria-hidden className="h-6 w-6" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-brand-ink">{title}</h3>
                  <p className="mt-1 text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Section>
      <ProductCallToAction {...studioCallToAction} />
    </>
  );
}
