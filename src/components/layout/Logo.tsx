import { Link } from '@/lib/links';
import { site } from '@/content/site';
import { cn } from '@/lib/cn';

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-bold tracking-tight',
        className,
      )}
    >
      <svg aria-hidden viewBox="0 0 32 32" className="h-8 w-8">
        <circle cx="16" cy="16" r="14" fill="hsl(var(--primary))" />
        <path
          d="M9 16a7 7 0 0 1 12.5-4.3M23 16a7 7 0 0 1-12.5 4.3"
          fill="none"
          stroke="hsl(var(--brand-glow))"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
        <path
          d="M21.8 8.6v3.4h-3.4M10.2 23.4V20h3.4"
          fill="none"
          stroke="hsl(var(--brand-glow))"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <span className="text-xl">{site.name}</span>
      <span className="sr-only">, home</span>
    </Link>
  );
}
