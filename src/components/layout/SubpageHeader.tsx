import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/links';

/** A page reached from a dashboard: the way back to it, then the page's heading and introduction. */
export function SubpageHeader({
  backTo,
  backLabel,
  heading,
  intro,
}: {
  backTo: string;
  backLabel: string;
  heading: string;
  intro: string;
}) {
  return (
    <div>
      <Link
        to={backTo}
        className="inline-flex min-h-6 items-center gap-2 rounded-sm py-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {backLabel}
      </Link>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-brand-ink md:text-5xl">
        {heading}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{intro}</p>
    </div>
  );
}
