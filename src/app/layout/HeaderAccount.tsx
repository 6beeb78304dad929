import { Suspense } from 'react';
import { Link } from '@/lib/links';
import { useAuth } from '@/lib/auth/AuthProvider';
import { awaitingSignInCode } from '@/lib/auth/assurance';
import { cn } from '@/lib/cn';
import { preloadableLazy } from '@/lib/preloadableLazy';

// The signed-in controls bring the menu library with them, so visitors never download it.
const signedInControls = preloadableLazy(() => import('./SignedInControls'));
const SignedInControls = signedInControls.Component;

/**
 * Starts loading the signed-in controls, for a page restoring a stored session: they arrive while
 * the session is checked instead of after it. They are not needed before that (their placeholder
 * holds the space), so the page's own code goes first.
 */
export const preloadSignedInControls = signedInControls.preload;

/**
 * The header's account area: Login for visitors; the notification bell and the Profile menu for a
 * signed-in user. While a stored session is being checked, and during the sign-in code step, it
 * holds the space, so nothing jumps.
 */
export function HeaderAccount({ className }: { className?: string }) {
  const auth = useAuth();
  const { user } = auth;
  // Half signed in (the password is right, the authenticator's code is still to come) is not signed
  // in: no bell or Profile menu until the code is.
  const loading = auth.loading || (user !== null && (auth.aalLoading || awaitingSignInCode(auth)));
  // One width for every state (the bell and Profile buttons: 2 x 44 px + 4 px), so the
  // navigation beside it never moves when the session is restored.
  const placeholder = <div aria-hidden className="h-11 w-[5.75rem]" />;
  return (
    <div className={cn('flex min-w-[5.75rem] items-center justify-end gap-1', className)}>
      {loading ? (
        placeholder
      ) : user ? (
        <Suspense fallback={placeholder}>
          <SignedInControls />
        </Suspense>
      ) : (
        <Link
          to="/login"
          className="inline-flex h-11 items-center rounded-md bg-primary px-5 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
        >
          Login
        </Link>
      )}
    </div>
  );
}
