import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  forgetSignOutHere,
  getAuthState,
  getServerAuthState,
  restoringSessionState,
  signedOutState,
  subscribeAuth,
  type AuthState,
} from './authStore';

const AuthContext = createContext<AuthState>(signedOutState);
const restoringSession = () => restoringSessionState;

/**
 * Gives the tree the session and admin status. Prerendered HTML is the signed-out view, or with
 * `shell` the view while a session is restored (a protected page's shell); in the browser the
 * stored session (if any) takes over right after hydration.
 */
export function AuthProvider({
  shell = false,
  children,
}: {
  shell?: boolean;
  children: ReactNode;
}) {
  const auth = useSyncExternalStore(
    subscribeAuth,
    getAuthState,
    shell ? restoringSession : getServerAuthState,
  );
  const { key } = useLocation();
  useEffect(forgetSignOutHere, [key]);
  return <AuthContext value={auth}>{children}</AuthContext>;
}

/** Tests render a component with a chosen auth state through this. */
export const AuthStateProvider = AuthContext;

export function useAuth(): AuthState {
  return use(AuthContext);
}
