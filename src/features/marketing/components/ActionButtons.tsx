import { Link } from '@/lib/links';
import { buttonVariants } from '@/components/ui/buttonVariants';
import type { CallToAction } from '@/content/types';
import { TrialButton } from '@/features/trials/components/TrialButton';
import { cn } from '@/lib/cn';

/** A row of buttons that wraps on narrow screens (each takes the full width on phones). */
export function ActionButtons({
  actions,
  className,
}: {
  actions: readonly CallToAction[];
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:flex-wrap', className)}>
      {actions.map((action) =>
        'trial' in action ? (
          <TrialButton key="trial" wording={action.trial} variant={action.variant} />
        ) : (
          <Link
            key={action.label}
            to={action.to}
            className={buttonVariants({ variant: action.variant, size: 'lg' })}
          >
            {action.label}
          </Link>
        ),
      )}
    </div>
  );
}
