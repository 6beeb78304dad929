import { PageHero } from '@/components/layout/PageHero';
import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import {
  howItWorksContact,
  howItWorksHero,
  howItWorksPipelines,
  howItWorksSteps,
} from '@/content/howItWorks';
import { MailCallToAction } from '../components/MailCallToAction';
import { ProcessShowcase } from '../components/ProcessShowcase';

export default function HowItWorksPage() {
  return (
    <>
      {/* The home page's See How It Works button links to /how-it-works#hero. */}
      <PageHero id="hero" copy={howItWorksHero} />
      <Section eyebrow="Our approach" title="Design, film, build, deploy">
        <ProcessShowcase steps={howItWorksSteps} />
      </Section>
      <Section tone="muted" title="See each pipeline in detail">
        <CardGrid items={howItWorksPipelines} columns={2} />
      </Section>
      <MailCallToAction {...howItWorksContact} />
    </>
  );
}
