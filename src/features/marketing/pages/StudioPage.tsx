import { Link } from '@/lib/links';
import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { PageHero } from '@/components/layout/PageHero';
import { VideoFacade } from '@/components/media/VideoFacade';
import { buttonVariants } from '@/components/ui/buttonVariants';
import {
  studioApproach,
  studioContactLink,
  studioHero,
  studioServices,
  studioServicesIntro,
  studioShowreel,
} from '@/content/studio';

function GetInTouch() {
  return (
    <Link to={studioContactLink.to} className={buttonVariants({ size: 'lg' })}>
      {studioContactLink.label}
    </Link>
  );
}

export default function StudioPage() {
  return (
    <>
      <PageHero copy={studioHero}>
        <GetInTouch />
      </PageHero>
      <Section
        eyebrow={studioServicesIntro.eyebrow}
        title={studioServicesIntro.title}
        intro={studioServicesIntro.intro}
      >
        <CardGrid items={studioServices} columns={4} />
      </Section>
      <Section eyebrow={studioShowreel.eyebrow} title={studioShowreel.title} tone="muted">
        <VideoFacade
          video={studioShowreel.video}
          className="mx-auto max-w-5xl shadow-xl shadow-brand-ink/10"
        />
      </Section>
      <Section eyebrow={studioApproach.eyebrow} title={studioApproach.title}>
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
          <div>
            <p className="text-lg text-muted-foreground">{studioApproach.text}</p>
            <div className="mt-8">
              <GetInTouch />
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}
