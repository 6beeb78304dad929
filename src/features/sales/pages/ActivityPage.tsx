import { SubpageHeader } from '@/components/layout/SubpageHeader';
import { activityPage as copy } from '@/content/sales';
import { salesPages } from '@/content/salesPages';
import { AuditLogPanel } from '../components/AuditLogPanel';
import { EmailDeliveriesPanel } from '../components/EmailDeliveriesPanel';
import { FunnelPanel } from '../components/FunnelPanel';

/**
 * What admins did, how the funnel runs and which e-mails failed (admins only: the route's guard,
 * RLS on the audit log and the e-mail deliveries, and the funnel functions all check).
 */
export default function ActivityPage() {
  return (
    <div className="container space-y-12 py-12 md:py-16">
      <SubpageHeader
        backTo="/admin"
        backLabel={salesPages.backLabel}
        heading={copy.heading}
        intro={copy.intro}
      />
      <FunnelPanel />
      <EmailDeliveriesPanel />
      <AuditLogPanel />
    </div>
  );
}
