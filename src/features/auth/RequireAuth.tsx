import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { useAuth } from './AuthProvider';
import { DelayedLoading } from './components/DelayedLoading';
import { loginPathReturningTo } from './returnTo';

/**
 * The protected pages guard: nothing while the session loads (a loading display after 100 ms), the
 * login page (returning here) without a user, and with `requireAdmin` the dashboard for non-admins.
 */
export function RequireAuth({
  requireAdmin = false,
  children,
}: {
  requireAdmin?: boolean;
  children: ReactNode;
}) {
  const auth = useAuth();
  const location = useLocation();

  if (auth.loading) return <DelayedLoading />;
  if (!auth.user) {
    if (auth.signedOutHere) return null;
    // Path and query only: a fragment may be a sign-in link's result, which must not travel on.
    return <Navigate replace to={loginPathReturningTo(`${location.pathname}${location.search}`)} />;
  }
  if (requireAdmin) {
    if (auth.adminLoading) return <DelayedLoading />;
    if (auth.adminError)
      return <LeaveForDashboard title="Error" description="Failed to verify admin status." />;
    if (!auth.isAdmin)
      return (
        <LeaveForDashboard title="Access Denied" description="You do not have admin privileges." />
      );
  }
  return children;
}

function LeaveForDashboard({ title, description }: { title: string; description: string }) {
  const navigate = useNavigate();
  // Once per visit, even when development mode runs effects twice.
  const left = useRef(false);
  useEffect(() => {
    if (left.current) return;
    left.current = true;
    toast.error(title, description);
    void navigate('/dashboard', { replace: true });
  }, [navigate, title, description]);
  return null;
}
