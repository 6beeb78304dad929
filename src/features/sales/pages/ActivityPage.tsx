import { useState } from 'react';
import { AdminSubpageHeader } from '@/components/layout/AdminSubpageHeader';
import { activityPage as copy } from '@/content/sales';
import { AuditLogPanel } from '../components/AuditLogPanel';
import { EmailDeliveriesPanel } from '../components/EmailDeliveriesPanel';
import { defaultPeriodDays, FunnelPanel, periodName } from '../components/FunnelPanel';
import { LearningPanel } from '../components/LearningPanel';

/**
 * What admins did, how the funnel runs, how learners watch and which e-mails failed (admins only:
 * the route's guard, RLS on the audit log and the e-mail deliveries, and the funnel and learning
 * functions all check). The funnel's period applies to the learning summary too.
 */
export default function ActivityPage() {
  const [days, setDays] = useState(defaultPeriodDays);
  return (
    <div className="container space-y-12 py-12 md:py-16">
      <AdminSubpageHeader copy={copy} />
      <FunnelPanel days={days} onDaysChange={setDays} />
      <LearningPanel days={days} period={periodName(days)} />
      <EmailDeliveriesPanel />
      <AuditLogPanel />
    </div>
  );
}
