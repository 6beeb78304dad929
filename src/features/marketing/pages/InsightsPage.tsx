import { PageHero } from '@/components/layout/PageHero';
import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { StatGrid } from '@/components/marketing/StatGrid';
import { caseStudies, industryTrends, insightsFindings, insightsHero } from '@/content/insights';
import { CaseStudyCard } from '../components/CaseStudyCard';

export default function InsightsPage() {
  return (
    <>
      <PageHero copy={insightsHero} />
      <Section
        id="findings"
        eyebrow="Research"
        title={insightsFindings.title}
        intro={insightsFindings.intro}
      >
        <StatGrid stats={insightsFindings.stats} />
      </Section>
      <Section id="case-studies" tone="muted" eyebrow="In practice" title="Case studies">
        <div className="grid gap-8 lg:grid-cols-2">
          {caseStudies.map((study) => (
            <CaseStudyCard key={study.id} study={study} />
          ))}
        </div>
      </Section>
      <Section
        id="trends"
        eyebrow="Looking ahead"
        title={industryTrends.title}
        intro={industryTrends.intro}
      >
        <CardGrid items={industryTrends.items} />
      </Section>
    </>
  );
}
