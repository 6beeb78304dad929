import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/loadSupabase';
import { logger } from '@/lib/logger';
import { queryKeys } from '@/lib/queryKeys';
import type { AppSupabaseClient } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import {
  listActiveTrials,
  listAdmins,
  listExpiredTrials,
  listPendingTrials,
  listUnlocks,
  listUsers,
  type AdminTab,
  type Page,
} from './adminLists';

const loaders = {
  pending: listPendingTrials,
  active: listActiveTrials,
  expired: listExpiredTrials,
  users: listUsers,
  unlocks: listUnlocks,
  admins: listAdmins,
} satisfies Record<
  AdminTab,
  (supabase: AppSupabaseClient, query: { page: number; search: string }) => Promise<Page<unknown>>
>;

export type AdminRows<Tab extends AdminTab> = Awaited<ReturnType<(typeof loaders)[Tab]>>['rows'];

/** Tells the admin once per failure that a list could not be loaded (SPEC.md section 8). */
function useLoadFailureToast(failed: boolean, error: unknown) {
  const reported = useRef(false);
  useEffect(() => {
    if (failed && !reported.current) {
      reported.current = true;
      logger.error('Error loading admin data:', error);
      toast.error('Error', 'Failed to load admin data.');
    }
    if (!failed) reported.current = false;
  }, [failed, error]);
}

/** One page of a tab's list, read from the server; the previous page stays shown while the next loads. */
export function useAdminList<Tab extends AdminTab>(tab: Tab, page: number, search: string) {
  const query = useQuery({
    queryKey: queryKeys.adminList(tab, page, search),
    queryFn: async () =>
      loaders[tab](await loadSupabase(), { page, search }) as Promise<Page<AdminRows<Tab>[number]>>,
    placeholderData: keepPreviousData,
  });
  useLoadFailureToast(query.isError, query.error);
  return query;
}

/** Each tab's total, for the tab labels. */
export function useAdminCounts() {
  const query = useQuery({
    queryKey: queryKeys.adminCounts,
    queryFn: async () => {
      const supabase = await loadSupabase();
      const tabs = Object.keys(loaders) as AdminTab[];
      const totals = await Promise.all(
        tabs.map((tab) =>
          loaders[tab](supabase, { page: 0, search: '' }).then((page) => page.total),
        ),
      );
      return Object.fromEntries(tabs.map((tab, index) => [tab, totals[index]])) as Record<
        AdminTab,
        number
      >;
    },
  });
  useLoadFailureToast(query.isError, query.error);
  return query.data;
}

/** After an action: every admin list and count is read again. */
export function useRefreshAdminData() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin });
}
