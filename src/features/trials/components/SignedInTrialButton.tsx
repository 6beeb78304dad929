import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from '@/lib/links';
import type { TrialButtonWording } from '@/content/trialButton';
import { queryClient } from '@/lib/queryClient';
import { useRequestTrial, useTrialStatus } from '../hooks';
import { trialButtonView } from '../trialButtonView';
import { StableLabel } from './TrialButton';
import { TrialThankYouDialog } from './TrialThankYouDialog';

interface Props {
  userId: string;
  wording: TrialButtonWording;
  className: string;
  /** The button as it looks while the trial status is checked. */
  checking: ReactNode;
}

/** The trial button for a signed-in user; loaded on demand, with the app's query cache. */
export default function SignedInTrialButton(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <TrialStateButton {...props} />
    </QueryClientProvider>
  );
}

function TrialStateButton({ userId, wording, className, checking }: Props) {
  const { status, loading } = useTrialStatus(userId);
  const { request, pending } = useRequestTrial('button');
  const [thanking, setThanking] = useState(false);

  if (loading) return checking;
  const view = trialButtonView({ checking: false, signedIn: true, active: status.active }, wording);
  if (view.action === 'open-library')
    return (
      <Link to="/training-library-trial" className={className}>
        <StableLabel wording={wording} shown={view.label} />
      </Link>
    );
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={pending}
        aria-busy={pending}
        onClick={() => void request(userId).then(setThanking)}
      >
        <StableLabel wording={wording} shown={view.label} />
      </button>
      <TrialThankYouDialog open={thanking} onClose={() => setThanking(false)} />
    </>
  );
}
