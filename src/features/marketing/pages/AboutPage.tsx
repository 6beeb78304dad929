import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { PageHero } from '@/components/layout/PageHero';
import {
  aboutCallToAction,
  aboutHero,
  aboutMission,
  aboutTeam,
  aboutValues,
} from '@/content/about';
import { ProductCallToAction } from '../components/ProductCallToAction';
import { TeamGroupGrid } from '../components/TeamGroupGrid';

export default function AboutPage() {
  return (
    <>
      <PageHero copy={aboutHero} />
      <Section eyebrow={aboutMission.eyebrow} title={aboutMission.title}>
        <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          <div className="space-y-5 text-lg text-muted-foreground">
            {aboutMission.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <img
            src={aboutMission.image.src}
            alt={aboutMission.image.alt}
            loading="lazy"
            decoding="async"
            width={1600}
            height={900}
            className="aspect-video w-full rounded-2xl border bg-card object-cover shadow-xl shadow-brand-ink/10"
          />
        </div>
      </Section>
      <Section
        eyebrow={aboutTeam.eyebrow}
        title={aboutTeam.title}
        intro={aboutTeam.intro}
        tone="muted"
      >
        <TeamGroupGrid groups={aboutTeam.groups} />
      </Section>
      <Section eyebrow={aboutValues.eyebrow} title={aboutValues.title}>
        <CardGrid items={aboutValues.items} />
      </Section>
      <ProductCallToAction {...aboutCallToAction} />
    </>
  );
}
