import { useQuery } from '@tanstack/react-query';
import { Hourglass, KeyRound } from 'lucide-react';
import { Link } from '@/lib/links';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { trialPages } from '@/content/trialPages';
import { trialCopy } from '@/content/trial';
import { trialStatusCopy } from '@/content/trialStatus';
import { useAuth } from '@/lib/auth/AuthProvider';
import { trialPasswordQuery } from '../api';
import { useTrialStatus } from '../hooks';

const copy = trialStatusCopy.confirmation;

/**
 * The signup confirmation page: the shared trial password, from the backend, and the way in. While
 * the request awaits approval the backend withholds the password; the approval's notification
 * reads both again (features/notifications), so it appears here without a reload.
 */
export default function TrialConfirmationPage() {
  const { user } = useAuth();
  return (
    <div className="bg-gradient-to-b from-secondary to-background px-4 py-12 md:py-20">
      <div className="mx-auto w-full max-w-xl rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold tracking-tight text-brand-ink">
          {trialPages.trialConfirmation.heading}
        </h1>
        {/* Polite: the password arriving on approval is announced. */}
        <div aria-live="polite">{user ? <TrialPassword userId={user.id} /> : null}</div>
      </div>
    </div>
  );
}

function TrialPassword({ userId }: { userId: string }) {
  const password = useQuery(trialPasswordQuery(userId));
  const trial = useTrialStatus(userId);

  if (password.isPending || (password.data === null && trial.loading))
    return <p className="mt-6">{copy.loading}</p>;
  if (password.isError)
    return (
      <p role="alert" className="mt-6 text-destructive">
        {trialCopy.toasts.verifyFailed.description}
      </p>
    );
  if (password.data === null && trial.status.state === 'pending')
    return (
      <>
        <p className="mt-2 text-muted-foreground">{trialPages.trialConfirmation.intro}</p>
        <div className="mt-6 rounded-lg border bg-secondary p-4">
          <p className="flex items-center gap-2 text-sm font-medium text-secondary-foreground">
            <Hourglass aria-hidden className="h-4 w-4" />
            {copy.pendingTitle}
          </p>
          <p className="mt-2 text-muted-foreground">{copy.pending}</p>
        </div>
      </>
    );
  if (password.data === null)
    return (
      <div className="mt-6 space-y-6">
        <p className="text-muted-foreground">{copy.noTrial}</p>
        <Link to="/trial-signup" className={buttonVariants()}>
          {copy.requestTrial}
        </Link>
      </div>
    );
  return (
    <div className="mt-2 space-y-6">
      <p className="text-muted-foreground">{copy.active}</p>
      <div className="rounded-lg border bg-secondary p-4">
        <p className="flex items-center gap-2 text-sm font-medium text-secondary-foreground">
          <KeyRound aria-hidden className="h-4 w-4" />
          {copy.passwordLabel}
        </p>
        <p className="mt-2 font-mono text-2xl font-semibold tracking-wide" translate="no">
          {password.data}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">{copy.passwordHint}</p>
      </div>
      <Link to="/training-library-trial" className={buttonVariants()}>
        {copy.openLibrary}
      </Link>
    </div>
  );
}
