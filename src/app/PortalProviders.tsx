import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useAuth } from '@/lib/auth/AuthProvider';
import { trialCopy } from '@/content/trial';
import { RequireAuth } from '@/components/auth/RequireAuth';
import { queryClient } from '@/lib/queryClient';
import type { AppRoute } from './routes';

/**
 * What signed-in (client-rendered) pages need around them: the query cache and, for protected
 * pages, the guard. Loaded with those pages only, so marketing routes do not pay for either.
 */
const signedOutNotices = { trialLibrary: trialCopy.toasts.signInForLibrary };

export default function PortalProviders({
  route,
  children,
}: {
  route: AppRoute;
  children: ReactNode;
}) {
  const { access, signedOutNotice, shell } = route;
  const userId = useAuth().user?.id;
  useEffect(() => {
    if (userId) route.page.prefetchForUser(userId);
  }, [route, userId]);
  return (
    <QueryClientProvider client={queryClient}>
      {access ? (
        <RequireAuth
          requireAdmin={access === 'admin'}
          shell={shell}
          signedOutNotice={signedOutNotice && signedOutNotices[signedOutNotice]}
        >
          {children}
        </RequireAuth>
      ) : (
        children
      )}
    </QueryClientProvider>
  );
}
