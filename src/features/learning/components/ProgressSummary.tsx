import { CircleCheck } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { progressCopy as copy } from '@/content/learning';
import { cn } from '@/lib/cn';
import { formatLongDate } from '@/lib/dates';
import type { ModuleProgress } from '../progress';

/**
 * How far the learner is in a module: a completed module says when; any other shows a progress bar
 * with the minutes watched of the module's length (or 'Started', when opened but nothing watched
 * has been reported) and the percent.
 */
export function ProgressSummary({
  moduleTitle,
  progress,
  className,
}: {
  moduleTitle: string;
  progress: ModuleProgress;
  className?: string;
}) {
  if (progress.completedAt)
    return (
      <p className={cn('flex items-center gap-2 text-sm font-medium text-foreground', className)}>
        <CircleCheck aria-hidden className="h-5 w-5 shrink-0 text-primary" />
        {copy.completedOn(formatLongDate(progress.completedAt))}
      </p>
    );
  const { minutesWatched, minutesTotal, percent } = progress;
  return (
    <div className={cn('space-y-2', className)}>
      <Progress
        value={percent}
        label={copy.barLabel(moduleTitle)}
        valueText={copy.valueText(minutesWatched, minutesTotal, percent)}
      />
      <p className="flex justify-between gap-4 text-sm text-muted-foreground">
        <span>
          {progress.state === 'started' ? copy.started : copy.minutes(minutesWatched, minutesTotal)}
        </span>
        <span className="font-medium tabular-nums text-foreground">{copy.percent(percent)}</span>
      </p>
    </div>
  );
}
