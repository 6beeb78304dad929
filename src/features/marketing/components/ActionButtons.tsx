import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { cn } from '@/lib/cn';

/** A call to action that navigates: its label, where it goes and how prominent it is. */
export interface LinkAction {
  label: string;
  to: string;
  variant: 'default' | 'outline' | 'secondary';
}

/** A row of link buttons that wraps on narrow screens (each takes the full width on phones). */
export function ActionButtons({
  actions,
  className,
}: {
  actions: readonly LinkAction[];
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:flex-wrap', className)}>
      {actions.map((action) => (
        <Link
          key={action.label}
          to={action.to}
          className={buttonVariants({ variant: action.variant, size: 'lg' })}
        >
          {action.label}
        </Link>
      ))}
    </div>
  );
}
