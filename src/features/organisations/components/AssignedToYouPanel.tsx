import { useId } from 'react';
import { Building2, Play } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { assignedCopy, assignedUnlockCopy as copy } from '@/content/invitations';
import { formatLongDate } from '@/lib/dates';
import type { Assignment } from '../learnerApi';

/**
 * In place of the unlock form, for a module the learner's organisation assigned them (the server's
 * gate opens it without a password while they are a member and the organisation's term lasts):
 * who assigned it and when it is due, and Start Training, which launches the player as an unlock
 * would.
 */
export function AssignedToYouPanel({
  assignment,
  started,
  onStart,
}: {
  assignment: Assignment;
  started: boolean;
  onStart: () => void;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-5 rounded-xl border bg-card p-6 shadow-sm sm:p-8"
    >
      <h2 id={titleId} className="text-xl font-semibold text-brand-ink">
        {copy.title}
      </h2>
      <div className="space-y-2">
        <p className="flex items-start gap-2 font-medium">
          <Building2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
          {copy.assignedBy(assignment.organisationName, formatLongDate(assignment.dueOn))}
        </p>
        {assignment.completedAt !== null ? (
          <p className="text-sm">{copy.completedOn(formatLongDate(assignment.completedAt))}</p>
        ) : assignment.overdue ? (
          <Badge variant="destructive">{assignedCopy.overdue}</Badge>
        ) : null}
      </div>
      <p className="text-muted-foreground">{copy.text}</p>
      <Button
        type="button"
        className="w-full"
        disabled={started}
        onClick={onStart}
        // Not a trial's start: the start-training gate (features/trials) must not send it to the
        // trial sign-up.
        data-start-training-ungated=""
      >
        {started ? null : <Play aria-hidden className="fill-current" />}
        {started ? copy.startedLabel : copy.startLabel}
      </Button>
    </section>
  );
}
