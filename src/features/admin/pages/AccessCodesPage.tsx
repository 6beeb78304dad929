import { useState } from 'react';
import { AdminSubpageHeader } from '@/components/layout/AdminSubpageHeader';
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
      <AdminSubpageHeader copy={copy} />

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
