import { Link } from '@/lib/links';
import { DocumentPage } from '@/components/layout/DocumentPage';
import { site } from '@/content/site';
import { termsHero, termsLastUpdated, termsSections } from '@/content/terms';

export default function TermsPage() {
  return (
    <DocumentPage
      hero={termsHero}
      lastUpdated={termsLastUpdated}
      sections={termsSections}
      after={(section) => (section.contactDetails ? <ContactDetails /> : null)}
    />
  );
}

/** The company's e-mail address, studio and office hours, from the site config. */
function ContactDetails() {
  return (
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
  );
}
