import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';

/**
 * The header's account area. Signed out it offers Login; the signed-in bell and Profile menu take
 * this place when accounts land.
 */
export function HeaderAccount({ className }: { className?: string }) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Link
        to="/login"
        className="inline-flex h-11 items-center rounded-md bg-primary px-5 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
      >
        Login
      </Link>
    </div>
  );
}
