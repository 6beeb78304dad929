import { Link } from '@/lib/links';
import { DocumentPage } from '@/components/layout/DocumentPage';
import { trustHero, trustLastUpdated, trustSections } from '@/content/trust';

/** Where a section points on: the statement and notice it summarises. */
const followOn: Record<string, { to: string; label: string }> = {
  'at-a-glance': { to: '/accessibility', label: 'Read our accessibility statement' },
  'your-data': { to: '/terms-and-conditions#privacy-policy', label: 'Read the privacy notice' },
};

export default function TrustPage() {
  return (
    <DocumentPage
      hero={trustHero}
      lastUpdated={trustLastUpdated}
      sections={trustSections}
      after={(section) => {
        const link = followOn[section.id];
        return link ? (
          <p className="mt-4">
            <Link to={link.to} className="text-primary underline underline-offset-4">
              {link.label}
            </Link>
          </p>
        ) : null;
      }}
    />
  );
}
