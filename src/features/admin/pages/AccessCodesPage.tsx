import { useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/links';
import { accessCodeList, accessCodesPage as copy } from '@/content/accessCodes';
import type { IssuedAccessCode } from '../api';
import { AccessCodeForm } from '../components/AccessCodeForm';
import { AccessCodeTable } from '../components/AccessCodeTable';
import { IssuedCodeDialog } from '../components/IssuedCodeDialog';

/**
 * Organisation access codes (admins only: the route's guard, and the database's functions, check):
 * issue one (shown once), see how each is used, revoke.
 */
export default function AccessCodesPage() {
  const [issued, setIssued] = useState<IssuedAccessCode | null>(null);

  return (
    <div className="container space-y-10 py-12 md:py-16">
      <div>
        <Link
          to="/admin"
          className="inline-flex min-h-6 items-center gap-2 rounded-sm py-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {copy.backLabel}
        </Link>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-brand-ink md:text-5xl">
          {copy.heading}
        </h1>
        <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{copy.intro}</p>
      </div>

      <AccessCodeForm onIssued={setIssued} />

      {/* Not a landmark of its own: the table's scrolling region already carries this name. */}
      <div className="space-y-4">
        <h2 className="text-2xl font-semibold text-brand-ink">{accessCodeList.caption}</h2>
        <AccessCodeTable />
      </div>

      <IssuedCodeDialog issued={issued} onClose={() => setIssued(null)} />
    </div>
  );
}
