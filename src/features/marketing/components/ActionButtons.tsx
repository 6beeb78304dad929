import { Link } from '@/lib/links';
import { buttonVariants } from '@/components/ui/buttonVariants';
import type { CallToAction } from '@/content/types';
import { TrialButton } from '@/features/trials/components/TrialButton';
import { cn } from '@/lib/cn';

type ActionVariant = CallToAction['variant'];

/** On a dark panel the main action turns light and the others outlined in white. */
function onDarkVariant(variant: ActionVariant | undefined) {
  return variant === 'default' || variant === undefined ? 'inverse' : 'outlineInverse';
}

/** A row of buttons that wraps on narrow screens (each takes the full width on phones). */
export function ActionButtons({
  actions,
  className,
  onDark = false,
}: {
  actions: readonly CallToAction[];
  className?: string;
  /** The buttons sit on a dark panel (PromoBand's dark tone). */
  onDark?: boolean;
}) {
  const variantOf = (variant: ActionVariant | undefined) =>
    onDark ? onDarkVariant(variant) : variant;
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:flex-wrap', className)}>
      {actions.map((action) =>
        'trial' in action ? (
          <TrialButton key="trial" wording={action.trial} variant={variantOf(action.variant)} />
        ) : (
          <Link
            key={action.label}
            to={action.to}
            className={buttonVariants({ variant: variantOf(action.variant), size: 'lg' })}
          >
            {action.label}
          </Link>
        ),
      )}
    </div>
  );
}
