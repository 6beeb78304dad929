import { PageHero } from '@/components/layout/PageHero';
import { Section } from '@/components/marketing/Section';
import {
  revolveCustomContact,
  revolveCustomHero,
  revolveCustomSteps,
} from '@/content/revolveCustom';
import { MailCallToAction } from '../components/MailCallToAction';
import { ProcessShowcase } from '../components/ProcessShowcase';

/** Served at /revolve-custom and at /bespoke (its canonical is /revolve-custom). */
export default function RevolveCustomPage() {
  return (
    <>
      <PageHero copy={revolveCustomHero} />
      <Section eyebrow="How we work" title="Four steps to your own training">
        <ProcessShowcase steps={revolveCustomSteps} />
      </Section>
      <MailCallToAction {...revolveCustomContact} />
    </>
  );
}
