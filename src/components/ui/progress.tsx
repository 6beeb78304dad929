import { cn } from '@/lib/cn';

/**
 * A progress bar from 0 to 100: a `progressbar` named by `label`, its value read out as
 * `valueText` (minutes and percent rather than a bare number). The filled part is the primary
 * colour on a track with a visible border, so the bar's extent reads at 3:1 against the page.
 */
export function Progress({
  value,
  label,
  valueText,
  className,
}: {
  value: number;
  label: string;
  valueText?: string;
  className?: string;
}) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn(
        'h-2.5 w-full overflow-hidden rounded-full border border-primary/60 bg-secondary',
        className,
      )}
    >
      <div className="h-full rounded-full bg-primary" style={{ width: `${clamped}%` }} />
    </div>
  );
}
