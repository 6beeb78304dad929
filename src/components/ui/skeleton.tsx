import { cn } from '@/lib/cn';

/** A placeholder the shape of content still loading: `className` gives its size and corners. */
export function Skeleton({ className }: { className: string }) {
  return <div className={cn('animate-pulse bg-muted motion-reduce:animate-none', className)} />;
}
