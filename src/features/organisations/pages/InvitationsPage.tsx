import { useState } from 'react';
import type { User } from '@supabase/supabase-js';
import { ArrowRight, CircleCheck, KeyRound, RotateCcw } from 'lucide-react';
import { PageTitle } from '@/components/layout/PageTitle';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { invitationsCopy as copy, invitationsPage } from '@/content/invitations';
import { useAuth } from '@/lib/auth/AuthProvider';
import { Link } from '@/lib/links';
import { InvitationCard } from '../components/InvitationCard';
import type { JoinedOrganisation } from '../learnerApi';
import { useMyInvitations } from '../learnerHooks';

/**
 * The learner's open invitations (signed in: the route's guard; the server answers for the
 * caller's confirmed address only): each says what the organisation will see before they join,
 * and can be joined or declined. An invitation e-mail's link lands here.
 */
export default function InvitationsPage() {
  const { user } = useAuth();
  return (
    <div className="container max-w-4xl space-y-8 py-12 md:py-16">
      <div>
        <PageTitle copy={invitationsPage} />
      </div>
      {user ? (
        <>
          <PasswordNote user={user} />
          <UserInvitations userId={user.id} />
        </>
      ) : (
        <p role="status">{copy.loading}</p>
      )}
    </div>
  );
}

/** An account an invitation made has no password until its holder sets one. */
function PasswordNote({ user }: { user: User }) {
  if (!user.invited_at) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-4">
      <KeyRound aria-hidden className="h-5 w-5 shrink-0 text-primary" />
      <p className="min-w-0 flex-1">{copy.password.text}</p>
      <Link to="/change-password" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        {copy.password.linkLabel}
      </Link>
    </div>
  );
}

function UserInvitations({ userId }: { userId: string }) {
  const { data, isError, refetch } = useMyInvitations(userId);
  // The organisations joined here: the cards leave the list, the way on stays.
  const [joined, setJoined] = useState<JoinedOrganisation[]>([]);

  return (
    <>
      <div role="status" aria-live="polite">
        {joined.length > 0 ? (
          <div className="space-y-3 rounded-lg border border-primary/40 bg-secondary p-4">
            {joined.map(({ organisation_id, organisation_name }) => (
              <p key={organisation_id} className="flex items-center gap-2 font-medium">
                <CircleCheck aria-hidden className="h-5 w-5 text-primary" />
                {copy.joined(organisation_name)}
              </p>
            ))}
            <div className="flex flex-wrap gap-3">
              <Link to="/dashboard" className={buttonVariants({ size: 'sm' })}>
                {copy.dashboardLink}
                <ArrowRight aria-hidden />
              </Link>
              {joined.some(({ role }) => role === 'manager') ? (
                <Link
                  to="/organisation"
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  {copy.organisationLink}
                </Link>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      {data ? (
        data.length === 0 ? (
          <p className="rounded-lg bg-secondary p-6">{copy.empty}</p>
        ) : (
          <ul aria-label={copy.listLabel} className="space-y-6">
            {data.map((invitation) => (
              <li key={invitation.id}>
                <InvitationCard
                  invitation={invitation}
                  userId={userId}
                  onJoined={(organisation) =>
                    setJoined((earlier) => [
                      ...earlier.filter(
                        ({ organisation_id }) => organisation_id !== organisation.organisation_id,
                      ),
                      organisation,
                    ])
                  }
                />
              </li>
            ))}
          </ul>
        )
      ) : isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="font-medium text-destructive">{copy.loadFailed}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void refetch()}>
            <RotateCcw aria-hidden />
            {copy.retryLabel}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-muted-foreground">
          {copy.loading}
        </p>
      )}
    </>
  );
}
