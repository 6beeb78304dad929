import { useId, useState } from 'react';
import { Building2, Eye, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { invitationsCopy as copy, roleLabels } from '@/content/invitations';
import { securityPathReturningTo } from '@/lib/auth/returnTo';
import { formatLongDate } from '@/lib/dates';
import { Link } from '@/lib/links';
import {
  needsSecondFactor,
  serverMessage,
  type JoinedOrganisation,
  type MyInvitation,
} from '../learnerApi';
import { useAcceptInvitation, useDeclineInvitation } from '../learnerHooks';

/**
 * One open invitation: the organisation, the role, when it expires, and what the organisation will
 * see before the learner joins; then Join or Decline. A refusal shows on the card, in the server's
 * words where it gave them (no longer open, no seat left). A manager's invitation needs an
 * authenticator app first: the card then links to setting one up, which brings the learner back.
 */
export function InvitationCard({
  invitation,
  userId,
  onJoined,
}: {
  invitation: MyInvitation;
  userId: string;
  onJoined: (joined: JoinedOrganisation) => void;
}) {
  const headingId = useId();
  const seesId = useId();
  const organisation = invitation.organisation_name;
  const accept = useAcceptInvitation(userId, onJoined);
  const decline = useDeclineInvitation(userId, organisation);
  const [failure, setFailure] = useState<string>();
  const [factorNeeded, setFactorNeeded] = useState(false);
  const busy = accept.isPending || decline.isPending;

  function join() {
    setFailure(undefined);
    setFactorNeeded(false);
    accept.mutate(invitation.id, {
      onError: (error) => {
        if (needsSecondFactor(error)) setFactorNeeded(true);
        else setFailure(serverMessage(error) ?? copy.joinFailed(organisation));
      },
    });
  }

  function refuse() {
    setFailure(undefined);
    setFactorNeeded(false);
    decline.mutate(invitation.id, {
      onError: (error) => setFailure(serverMessage(error) ?? copy.declineFailed),
    });
  }

  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-xl border bg-card p-6">
      <div className="flex items-start gap-3">
        <Building2 aria-hidden className="mt-1 h-5 w-5 shrink-0 text-primary" />
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-brand-ink">
            {organisation}
          </h2>
          <p className="text-sm text-muted-foreground">
            {copy.role(invitation.role === 'manager' ? roleLabels.manager : roleLabels.learner)}
            <span aria-hidden> · </span>
            <span className="sr-only">, </span>
            {copy.expires(formatLongDate(invitation.expires_at))}
          </p>
        </div>
      </div>
      <section aria-labelledby={seesId} className="rounded-lg bg-secondary p-4">
        <h3 id={seesId} className="flex items-center gap-2 font-semibold">
          <Eye aria-hidden className="h-4 w-4" />
          {copy.seesHeading(organisation)}
        </h3>
        <p className="mt-1">{copy.seesText}</p>
      </section>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      {factorNeeded ? (
        <div
          role="alert"
          className="space-y-3 rounded-lg border border-primary/40 bg-secondary p-4"
        >
          <p className="flex items-start gap-2 font-medium">
            <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
            {copy.secondFactorNeeded(organisation)}
          </p>
          <Link
            to={securityPathReturningTo('/invitations')}
            className={buttonVariants({ size: 'sm' })}
          >
            {copy.secondFactorAction}
          </Link>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={join} disabled={busy}>
          {accept.isPending ? copy.joiningLabel : copy.joinLabel(organisation)}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={refuse}
          disabled={busy}
          aria-label={decline.isPending ? undefined : copy.declineAccessibleLabel(organisation)}
        >
          {decline.isPending ? copy.decliningLabel : copy.declineLabel}
        </Button>
      </div>
    </article>
  );
}
