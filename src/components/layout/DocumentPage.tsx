import type { ReactNode } from 'react';
import { PageHero } from '@/components/layout/PageHero';
import type { PageHeroCopy } from '@/content/pages';
import type { DocumentSection } from '@/content/types';
import { formatLongDate } from '@/lib/dates';

/**
 * A long document (terms, the accessibility statement, the trust page): the hero, a contents list
 * that stays in view on wide screens, the date it was last updated, then each section. `after`
 * adds a section's own extra content below its text.
 */
export function DocumentPage<Section extends DocumentSection>({
  hero,
  lastUpdated,
  sections,
  after,
}: {
  hero: PageHeroCopy;
  /** YYYY-MM-DD */
  lastUpdated: string;
  sections: readonly Section[];
  after?: (section: Section) => ReactNode;
}) {
  return (
    <>
      <PageHero copy={hero} />
      <div className="container grid gap-12 pb-24 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-28 lg:self-start">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
            On this page
          </h2>
          <ul className="mt-3 space-y-1 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-block py-1.5 hover:text-primary hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="max-w-3xl space-y-12">
          <p className="text-sm text-muted-foreground">
            Last updated <time dateTime={lastUpdated}>{formatLongDate(lastUpdated)}</time>
          </p>
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="text-2xl font-semibold tracking-tight">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4 leading-relaxed text-muted-foreground">
                  {paragraph}
                </p>
              ))}
              {section.items ? (
                <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-muted-foreground">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {section.facts ? (
                <dl className="mt-6 divide-y rounded-xl border bg-secondary/60">
                  {section.facts.map((fact) => (
                    <div
                      key={fact.term}
                      className="grid gap-1 p-4 sm:grid-cols-[14rem_1fr] sm:gap-4"
                    >
                      <dt className="font-semibold text-brand-ink">{fact.term}</dt>
                      <dd className="leading-relaxed text-muted-foreground">{fact.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {section.records ? (
                <ul className="mt-6 space-y-4">
                  {section.records.map((record) => (
                    <li key={record.title} className="rounded-xl border bg-secondary/60 p-4 sm:p-5">
                      <h3 className="font-semibold text-brand-ink">{record.title}</h3>
                      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
                        {record.details.map((detail) => (
                          <div key={detail.term} className="contents">
                            <dt className="font-medium">{detail.term}</dt>
                            <dd className="mb-2 leading-relaxed text-muted-foreground sm:mb-0">
                              {detail.value}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    </li>
                  ))}
                </ul>
              ) : null}
              {section.points ? (
                <ol className="mt-6 list-decimal space-y-4 pl-6 marker:font-semibold">
                  {section.points.map((point) => (
                    <li key={point.title} className="pl-2">
                      <h3 className="font-semibold">{point.title}</h3>
                      <p className="mt-1 leading-relaxed text-muted-foreground">{point.text}</p>
                    </li>
                  ))}
                </ol>
              ) : null}
              {after?.(section)}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
