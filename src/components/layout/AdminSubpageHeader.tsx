import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/links';
import { backToAdminDashboard } from '@/content/admin';
import { PageTitle } from './PageTitle';

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
      <div className="mt-4">
        <PageTitle copy={copy} />
      </div>
    </div>
  );
}
