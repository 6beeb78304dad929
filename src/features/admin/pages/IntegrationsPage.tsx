import { useState } from 'react';
import { AdminSubpageHeader } from '@/components/layout/AdminSubpageHeader';
import { integrationsPage as copy, lrsClientList, lrsEndpoint } from '@/content/integrations';
import type { IssuedLrsClient } from '../api';
import { CopyableValue } from '../components/CopyableValue';
import { IssuedLrsClientDialog } from '../components/IssuedLrsClientDialog';
import { LrsClientForm } from '../components/LrsClientForm';
import { LrsClientTable } from '../components/LrsClientTable';
import { lrsEndpointUrl } from '@/lib/lrsEndpoint';

/**
 * The LRS clients of tools and integrations (admins only: the route's guard, and the database's
 * functions, which also ask for two-factor sign-in, check): the endpoint they use, create one (its
 * secret shown once), see each one's key and scopes, revoke.
 */
export default function IntegrationsPage() {
  const [issued, setIssued] = useState<IssuedLrsClient | null>(null);

  return (
    <div className="container space-y-10 py-12 md:py-16">
      <AdminSubpageHeader copy={copy} />

      <div className="max-w-3xl rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <CopyableValue
          value={lrsEndpointUrl}
          copy={lrsEndpoint}
          hint={lrsEndpoint.description}
          heading
        />
      </div>

      <LrsClientForm onCreated={setIssued} />

      {/* Not a landmark of its own: the table's scrolling region already carries this name. */}
      <div className="space-y-4">
        <h2 className="text-2xl font-semibold text-brand-ink">{lrsClientList.caption}</h2>
        <LrsClientTable />
      </div>

      <IssuedLrsClientDialog issued={issued} onClose={() => setIssued(null)} />
    </div>
  );
}
