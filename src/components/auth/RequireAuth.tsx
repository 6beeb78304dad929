import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { AuthStateProvider, useAuth } from '@/lib/auth/AuthProvider';
import { restoringSessionState } from '@/lib/auth/authStore';
import { DelayedLoading } from '@/components/feedback/DelayedLoading';
import { adminSecondFactor } from '@/content/twoFactor';
import { awaitingSignInCode } from '@/lib/auth/assurance';
import { loginPathReturningTo, securityPathReturningTo } from '@/lib/auth/returnTo';

/**
 * The protected pages guard: nothing while the session loads (a loading display after 100 ms), the
 * login page (returning here) without a user or for a sign-in still waiting for its code from an
 * authenticator app, and with `requireAdmin` the dashboard for non-admins and the account security
 * page for an admin without a second factor (admin powers need one: the database checks too).
 */
export function RequireAuth({
  requireAdmin = false,
  shell = false,
  signedOutNotice,
  children,
}: {
  requireAdmin?: boolean;
  /**
   * The page shows its own loading view while no user is known (AppRoute.shell): it is shown
   * instead of the loading display until the session and its assurance level are known.
   */
  shell?: boolean;
  /** A toast for a visitor sent to the login page from here. */
  signedOutNotice?: { title: string; description: string };
  children: ReactNode;
}) {
  const auth = useAuth();
  const location = useLocation();
  // Path and query only: a fragment may be a sign-in link's result, which must not travel on.
  const here = `${location.pathname}${location.search}`;

  const pending = shell ? (
    <AuthStateProvider value={restoringSessionState}>{children}</AuthStateProvider>
  ) : (
    <DelayedLoading />
  );
  if (auth.loading) return pending;
  if (!auth.user) {
    if (auth.signedOutHere) return null;
    const loginPath = loginPathReturningTo(here);
    if (signedOutNotice) return <LeaveWithNotice to={loginPath} {...signedOutNotice} />;
    return <Navigate replace to={loginPath} />;
  }
  if (auth.aalLoading) return pending;
  // The password was right but the code was never entered: the login page's code step, then here.
  if (awaitingSignInCode(auth)) return <Navigate replace to={loginPathReturningTo(here)} />;
  if (requireAdmin) {
    if (auth.adminLoading) return <DelayedLoading />;
    if (auth.adminError)
      return (
        <LeaveWithNotice
          to="/dashboard"
          title="Error"
          description="Failed to verify admin status."
        />
      );
    if (!auth.isAdmin)
      return (
        <LeaveWithNotice
          to="/dashboard"
          title="Access Denied"
          description="You do not have admin privileges."
        />
      );
    if (auth.aal?.current !== 'aal2')
      return (
        <LeaveWithNotice
          to={securityPathReturningTo(here)}
          title={adminSecondFactor.title}
          description={adminSecondFactor.description}
        />
      );
  }
  return children;
}

function LeaveWithNotice({
  to,
  title,
  description,
}: {
  to: string;
  title: string;
  description: string;
}) {
  const navigate = useNavigate();
  // Once per visit, even when development mode runs effects twice.
  const left = useRef(false);
  useEffect(() => {
    if (left.current) return;
    left.current = true;
    toast.error(title, description);
    void navigate(to, { replace: true });
  }, [navigate, to, title, description]);
  return null;
}
