import { ArrowRight, Building2 } from 'lucide-react';
import { assignedCopy as copy } from '@/content/invitations';
import { Link } from '@/lib/links';
import { useManagedOrganisations } from '../hooks';

/**
 * The dashboard's way in to /organisation for a manager: nothing for anyone else, while it loads,
 * or when it cannot be read.
 */
export default function ManagedOrganisationsNotice({ userId }: { userId: string }) {
  const { data } = useManagedOrganisations(userId);
  if (!data || data.length === 0) return null;
  return (
    <p className="mt-6 rounded-lg border border-primary/40 bg-secondary p-4">
      <Link
        to="/organisation"
        className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Building2 aria-hidden className="h-4 w-4 shrink-0" />
        {copy.manages(data.map((organisation) => organisation.name))}
        <ArrowRight aria-hidden className="h-4 w-4 shrink-0" />
      </Link>
    </p>
  );
}
