import { CalendarClock, Clock, Info } from 'lucide-react';
import { formatLongDate } from '@/lib/dates';
import { cn } from '@/lib/cn';
import type { TrialStatus } from '../trialStatus';

/** The trial library's status line: the trial's end, or why there is no active trial. */
export function TrialStatusBanner({ status }: { status: TrialStatus }) {
  const warn = status.active && status.expiringSoon;
  const Icon = status.active ? CalendarClock : status.state === 'pending' ? Clock : Info;
  return (
    <p
      className={cn(
        'flex items-start gap-3 rounded-lg border p-4',
        warn ? 'border-destructive text-destructive' : 'bg-secondary text-secondary-foreground',
      )}
    >
      <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <span>{bannerText(status)}</span>
    </p>
  );
}

function bannerText(status: TrialStatus): string {
  switch (status.state) {
    case 'active': {
      const days = `${status.daysRemaining} ${status.daysRemaining === 1 ? 'day' : 'days'}`;
      const ends = status.endDate ? `, until ${formatLongDate(status.endDate)}` : '';
      return status.expiringSoon
        ? `Your trial is expiring soon: ${days} remaining${ends}.`
        : `Your trial is active: ${days} remaining${ends}.`;
    }
    case 'pending':
      return 'Your trial request is awaiting approval. A notification will arrive once it is approved.';
    case 'expired':
      return status.canRetrial
        ? 'Your trial has ended. You can request a new one.'
        : 'Your trial has ended. Please contact admin for continued access.';
    case 'none':
      return 'You do not have an active trial.';
  }
}
