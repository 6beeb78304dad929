import { Link } from '@/lib/links';
import { PageHero } from '@/components/layout/PageHero';
import { site } from '@/content/site';
import { termsHero, termsLastUpdated, termsSections } from '@/content/terms';
import { formatLongDate } from '@/lib/dates';

export default function TermsPage() {
  return (
    <>
      <PageHero copy={termsHero} />
      <div className="container grid gap-12 pb-24 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-28 lg:self-start">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
            On this page
          </h2>
          <ul className="mt-3 space-y-1 text-sm">
            {termsSections.map((section) => (
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
            Last updated <time dateTime={termsLastUpdated}>{formatLongDate(termsLastUpdated)}</time>
          </p>
          {termsSections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="text-2xl font-semibold tracking-tight">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4 leading-relaxed text-muted-foreground">
                  {paragraph}
                </p>
              ))}
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
              {section.contactDetails ? (
                <>
                  <dl className="mt-6 grid gap-4 rounded-xl border bg-secondary/60 p-6 sm:grid-cols-3">
                    <div>
                      <dt className="text-sm font-semibold text-brand-ink">Email</dt>
                      <dd className="mt-1">
                        <a
                          href={`mailto:${site.contactEmail}`}
                          className="break-words text-primary underline underline-offset-4"
                        >
                          {site.contactEmail}
                        </a>
                      </dd>
                    </div>
                    <div>
                      <dt className="text-sm font-semibold text-brand-ink">Studio</dt>
                      <dd className="mt-1 text-muted-foreground">
                        {site.address.locality}, {site.address.country}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-sm font-semibold text-brand-ink">Office hours</dt>
                      <dd className="mt-1 text-muted-foreground">{site.officeHours}</dd>
                    </div>
                  </dl>
                  <p className="mt-4">
                    <Link to="/contact" className="text-primary underline underline-offset-4">
                      Go to the Contact page
                    </Link>
                  </p>
                </>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
