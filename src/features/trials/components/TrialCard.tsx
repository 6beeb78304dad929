import { AlertTriangle, CalendarClock } from 'lucide-react';
import { DashboardSection } from '@/components/layout/DashboardSection';
import { Link } from '@/lib/links';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { trialStatusCopy } from '@/content/trialStatus';
import { formatDate } from '@/lib/dates';
import type { TrialStatus } from '../trialStatus';

const copy = trialStatusCopy.card;

function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} remaining`;
}

/** The dashboard's trial card: one of SPEC.md section 4's trial states, with its next step. */
export function TrialCard({ status, loading }: { status: TrialStatus; loading: boolean }) {
  return (
    <DashboardSection heading={copy.heading} headingId="trial-card-heading" busy={loading}>
      <div className="mt-4">{loading ? <p>{copy.loading}</p> : <TrialState status={status} />}</div>
    </DashboardSection>
  );
}

function TrialState({ status }: { status: TrialStatus }) {
  switch (status.state) {
    case 'active':
      return (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-lg font-semibold">{copy.active}</p>
            <Badge variant={status.expiringSoon ? 'destructive' : 'default'}>
              {status.expiringSoon ? 'Expiring soon' : 'Active'}
            </Badge>
          </div>
          <p className="flex items-center gap-2 text-muted-foreground">
            <CalendarClock aria-hidden className="h-4 w-4 shrink-0" />
            <span>
              <strong className="text-foreground">{daysText(status.daysRemaining)}</strong>
              {status.endDate ? ` (ends ${formatDate(status.endDate)})` : null}
            </span>
          </p>
          {status.expiringSoon ? (
            <p
              role="status"
              className="flex items-center gap-2 rounded-md border border-destructive bg-destructive/5 p-3 text-sm font-medium text-destructive"
            >
              <AlertTriangle aria-hidden className="h-4 w-4 shrink-0" />
              {copy.expiringSoon}
            </p>
          ) : null}
          <Link to="/training-library-trial" className={buttonVariants()}>
            {copy.viewLibrary}
          </Link>
        </div>
      );
    case 'pending':
      return (
        <div className="space-y-2">
          <p className="text-lg font-semibold">{copy.pending}</p>
          <p className="text-muted-foreground">{copy.pendingText}</p>
        </div>
      );
    case 'expired':
      return (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-lg font-semibold">{copy.expired}</p>
            <Badge variant="outline">Expired</Badge>
          </div>
          {status.canRetrial ? (
            <Link to="/trial-signup" className={buttonVariants()}>
              {copy.requestRetrial}
            </Link>
          ) : (
            <p className="text-muted-foreground">{copy.contactAdmin}</p>
          )}
        </div>
      );
    case 'none':
      return (
        <div className="space-y-4">
          <p className="text-lg font-semibold">{copy.none}</p>
          <p className="text-muted-foreground">{copy.noneText}</p>
          <Link to="/trial-signup" className={buttonVariants()}>
            {copy.startTrial}
          </Link>
        </div>
      );
  }
}
