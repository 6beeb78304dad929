import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/links';
import { backToAdminDashboard } from '@/content/admin';

/** A page reached from the Admin Dashboard: the way back to it, then the page's heading and intro. */
export function AdminSubpageHeader({ copy }: { copy: { heading: string; intro: string } }) {
  return (
    <div>
      <Link
        to="/admin"
        className="inline-flex min-h-6 items-center gap-2 rounded-sm py-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {backToAdminDashboard}
      </Link>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-brand-ink md:text-5xl">
        {copy.heading}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{copy.intro}</p>
    </div>
  );
}
