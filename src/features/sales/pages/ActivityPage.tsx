import { activityPage as copy } from '@/content/sales';
import { AuditLogPanel } from '../components/AuditLogPanel';
import { BackToDashboard } from '../components/BackToDashboard';
import { EmailDeliveriesPanel } from '../components/EmailDeliveriesPanel';
import { FunnelPanel } from '../components/FunnelPanel';

/**
 * What admins did, how the funnel runs and which e-mails failed (admins only: the route's guard,
 * RLS on the audit log and the e-mail deliveries, and the funnel functions all check).
 */
export default function ActivityPage() {
  return (
    <div className="container space-y-12 py-12 md:py-16">
      <div>
        <BackToDashboard />
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-brand-ink md:text-5xl">
          {copy.heading}
        </h1>
        <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{copy.intro}</p>
      </div>
      <FunnelPanel />
      <EmailDeliveriesPanel />
      <AuditLogPanel />
    </div>
  );
}
