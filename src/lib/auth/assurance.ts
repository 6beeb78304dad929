import type { AuthState } from './authStore';

// Apart from the auth store, which every page's first view carries: asked by the sign-in pages and
// the protected pages' guard.

/**
 * Signed in with a password by a user who has a verified authenticator app, and not yet through
 * its code: the login page asks for the code before going on.
 */
export function awaitingSignInCode(auth: AuthState): boolean {
  return (
    auth.user !== null &&
    !auth.aalLoading &&
    auth.aal?.current === 'aal1' &&
    auth.aal.next === 'aal2'
  );
}
