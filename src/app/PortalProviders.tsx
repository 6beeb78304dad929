import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/queryClient';

/**
 * What signed-in (client-rendered) pages need around them. Loaded with those pages only, so
 * marketing routes do not pay for the query library in their first view.
 */
export default function PortalProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
