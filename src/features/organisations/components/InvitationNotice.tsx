import { ArrowRight, Mail } from 'lucide-react';
import { assignedCopy as copy } from '@/content/invitations';
import { Link } from '@/lib/links';
import { useMyInvitations } from '../learnerHooks';

/**
 * The dashboard's line about open invitations, linking to /invitations: nothing when there are
 * none, while they load, or when they cannot be read.
 */
export default function InvitationNotice({ userId }: { userId: string }) {
  const { data } = useMyInvitations(userId);
  if (!data || data.length === 0) return null;
  const organisations = [...new Set(data.map((invitation) => invitation.organisation_name))];
  return (
    <p className="mt-6 rounded-lg border border-primary/40 bg-secondary p-4">
      <Link
        to="/invitations"
        className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Mail aria-hidden className="h-4 w-4 shrink-0" />
        {copy.invitation(organisations)}
        <ArrowRight aria-hidden className="h-4 w-4 shrink-0" />
      </Link>
    </p>
  );
}
