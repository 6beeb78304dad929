import { Building2, CalendarClock, CircleCheck, Play, RotateCcw } from 'lucide-react';
import { DashboardSection } from '@/components/layout/DashboardSection';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { assignedCopy as copy } from '@/content/invitations';
import { findModule } from '@/content/modules';
import { formatLongDate } from '@/lib/dates';
import { Link } from '@/lib/links';
import type { Assignment } from '../learnerApi';
import { useMyAssignments } from '../learnerHooks';

/**
 * The dashboard's Assigned to you: the modules the learner's organisations assigned them, soonest
 * due first, with the organisation, the due date (overdue said in words) or the day completed, and
 * the way into the module (an assigned module opens without a password). Nothing at all for a
 * learner with no assignments, and nothing while they load or when they cannot be read (the rest
 * of the dashboard does not wait for it).
 */
export default function AssignedToYou({ userId }: { userId: string }) {
  const { data } = useMyAssignments(userId);
  if (!data || data.length === 0) return null;
  return (
    <div className="mt-6">
      <DashboardSection heading={copy.heading} intro={copy.intro}>
        <ul aria-label={copy.listLabel} className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.map((assignment) => (
            <AssignedModule key={assignment.module} assignment={assignment} />
          ))}
        </ul>
      </DashboardSection>
    </div>
  );
}

function AssignedModule({ assignment }: { assignment: Assignment }) {
  const module = findModule(assignment.module);
  const title = module?.title ?? assignment.module;
  const href =
    module && !module.unlockable ? `/modules/${assignment.module}` : `/unlock/${assignment.module}`;
  const action =
    assignment.state === 'completed'
      ? copy.actions.watchAgain
      : assignment.state === 'in_progress'
        ? copy.actions.continue
        : copy.actions.start;
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-4">
      <h3 className="font-semibold text-brand-ink">{title}</h3>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Building2 aria-hidden className="h-4 w-4 shrink-0" />
        {copy.from(assignment.organisationName)}
      </p>
      {assignment.completedAt !== null ? (
        <p className="flex items-center gap-2 text-sm">
          <CircleCheck aria-hidden className="h-4 w-4 shrink-0 text-primary" />
          {copy.completed(formatLongDate(assignment.completedAt))}
        </p>
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <CalendarClock aria-hidden className="h-4 w-4 shrink-0" />
          {copy.due(formatLongDate(assignment.dueOn))}
          {assignment.overdue ? <Badge variant="destructive">{copy.overdue}</Badge> : null}
        </p>
      )}
      <Link
        to={href}
        aria-label={copy.actionLabel(action, title)}
        className={buttonVariants({
          variant: assignment.state === 'completed' ? 'outline' : 'default',
          size: 'sm',
          className: 'mt-auto self-start',
        })}
      >
        {assignment.state === 'completed' ? (
          <RotateCcw aria-hidden />
        ) : (
          <Play aria-hidden className="fill-current" />
        )}
        {action}
      </Link>
    </li>
  );
}
