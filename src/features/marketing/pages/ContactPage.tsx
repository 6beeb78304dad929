import { Clock, Mail, MapPin } from 'lucide-react';
import { PageHero } from '@/components/layout/PageHero';
import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { contactHero, contactPage } from '@/content/contact';
import { site } from '@/content/site';

export default function ContactPage() {
  const mailto = `mailto:${site.contactEmail}`;
  return (
    <>
      <PageHero copy={contactHero} />
      <div className="container grid gap-6 pb-16 md:pb-24 lg:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="contact-message"
          className="rounded-2xl border bg-card p-6 shadow-sm md:p-10"
        >
          <h2
            id="contact-message"
            className="text-2xl font-bold tracking-tight text-brand-ink md:text-3xl"
          >
            {contactPage.messageTitle}
          </h2>
          <p className="mt-4 max-w-xl text-lg text-muted-foreground">{contactPage.messageText}</p>
          <a href={mailto} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
            <Mail aria-hidden />
            {contactPage.sendLabel}
          </a>
        </section>
        <section
          aria-labelledby="contact-studio"
          className="rounded-2xl bg-brand-ink p-6 text-white shadow-sm md:p-10"
        >
          <h2 id="contact-studio" className="text-2xl font-bold tracking-tight md:text-3xl">
            {contactPage.detailsTitle}
          </h2>
          <dl className="mt-6 space-y-6">
            <div className="relative pl-9">
              <dt className="text-sm font-semibold uppercase tracking-wider text-brand-glow">
                <MapPin aria-hidden className="absolute left-0 top-0.5 h-5 w-5" />
                Address
              </dt>
              <dd className="mt-1">
                <address className="not-italic">
                  {site.name} Studio
                  <br />
                  {site.address.locality}, {site.address.country}
                </address>
              </dd>
            </div>
            <div className="relative pl-9">
              <dt className="text-sm font-semibold uppercase tracking-wider text-brand-glow">
                <Mail aria-hidden className="absolute left-0 top-0.5 h-5 w-5" />
                Email
              </dt>
              <dd className="mt-1">
                <a href={mailto} className="underline underline-offset-4 hover:text-brand-glow">
                  {site.contactEmail}
                </a>
              </dd>
            </div>
            <div className="relative pl-9">
              <dt className="text-sm font-semibold uppercase tracking-wider text-brand-glow">
                <Clock aria-hidden className="absolute left-0 top-0.5 h-5 w-5" />
                Office hours
              </dt>
              <dd className="mt-1">{site.officeHours}</dd>
            </div>
          </dl>
        </section>
      </div>
      <Section tone="muted" title={contactPage.topicsTitle}>
        <CardGrid items={contactPage.topics} />
      </Section>
    </>
  );
}
