import { lazy, Suspense } from 'react';
import { Link } from '@/lib/links';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { trialButtonLabels, type TrialButtonWording } from '@/content/trialButton';
import { useAuth } from '@/lib/auth/AuthProvider';

// Checking and requesting a trial needs the query cache and the dialog: signed-in users only.
const SignedInTrialButton = lazy(() => import('./SignedInTrialButton'));

/**
 * The trial button (SPEC.md section 4): 'Loading...' while the session is restored, a link to the
 * trial sign-up page for visitors, and for a signed-in user whatever their trial state decides
 * (SignedInTrialButton, through trialButtonView). The visitor's case is written out here so that
 * marketing pages do not download the rest.
 */
export function TrialButton({
  wording,
  variant = 'default',
}: {
  wording: TrialButtonWording;
  variant?: 'default' | 'secondary' | 'outline' | 'inverse' | 'outlineInverse';
}) {
  const { loading, user } = useAuth();
  const className = buttonVariants({ variant, size: 'lg' });
  const checking = (
    <button type="button" disabled aria-busy className={className}>
      <StableLabel wording={wording} shown={trialButtonLabels.checking} />
    </button>
  );
  if (user)
    return (
      <Suspense fallback={checking}>
        <SignedInTrialButton
          userId={user.id}
          wording={wording}
          className={className}
          checking={checking}
        />
      </Suspense>
    );
  if (loading) return checking;
  return (
    <Link to="/trial-signup" className={className}>
      <StableLabel wording={wording} shown={trialButtonLabels[wording]} />
    </Link>
  );
}

/**
 * The button's label, as wide as its widest state: every label it can show is laid in the same grid
 * cell and only `shown` is visible (hidden ones are out of the accessible name too), so restoring a
 * session and checking the trial never moves what is around the button.
 */
export function StableLabel({ wording, shown }: { wording: TrialButtonWording; shown: string }) {
  const labels = [trialButtonLabels.checking, trialButtonLabels.active, trialButtonLabels[wording]];
  return (
    <span className="inline-grid">
      {labels.map((label) => (
        <span
          key={label}
          className={label === shown ? '[grid-area:1/1]' : 'invisible [grid-area:1/1]'}
        >
          {label}
        </span>
      ))}
    </span>
  );
}
