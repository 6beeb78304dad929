import { AdminSubpageHeader } from '@/components/layout/AdminSubpageHeader';
import { activityPage as copy } from '@/content/sales';
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
      <AdminSubpageHeader copy={copy} />
      <FunnelPanel />
      <EmailDeliveriesPanel />
      <AuditLogPanel />
    </div>
  );
}
