import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/links';
import { salesPages } from '@/content/salesPages';

export function BackToDashboard() {
  return (
    <Link
      to="/admin"
      className="inline-flex min-h-6 items-center gap-2 rounded-sm py-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden className="h-4 w-4" />
      {salesPages.backLabel}
    </Link>
  );
}
