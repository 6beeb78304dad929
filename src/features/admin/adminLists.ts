import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database.types';

/** Any client of this project's database: the app's, or a script's. */
type Client = SupabaseClient<Database>;

/** Rows per page of every admin list, read from the server a page at a time. */
export const ADMIN_PAGE_SIZE = 25;

export type AdminTab = 'pending' | 'active' | 'expired' | 'users' | 'unlocks' | 'admins';

export interface Page<Row> {
  rows: Row[];
  /** Rows matching the search, over all pages. */
  total: number;
}

interface ListQuery {
  /** Zero-based page number. */
  page: number;
  search: string;
}

export interface PendingTrialRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  submitted_at: string;
}
export interface ActiveTrialRow {
  id: string;
  user_id: string;
  email: string;
  granted_at: string;
  expires_at: string;
  profiles: { name: string; email: string };
}
export interface ExpiredTrialRow {
  id: string;
  email: string;
  expired_at: string;
  can_retrial: boolean;
  profiles: { name: string; email: string };
}
export interface UserRow {
  id: string;
  name: string;
  email: string;
  created_at: string;
  user_roles: { role: string }[];
}
export interface UnlockRow {
  id: string;
  module_name: string;
  unlocked_at: string;
  profiles: { name: string; email: string };
}
export interface AdminRow {
  user_id: string;
  profiles: { name: string; email: string };
}

/**
 * The ILIKE pattern for a search. Characters that carry meaning in a PostgREST `or` filter (commas,
 * parentheses, quotes, backslashes) or in a LIKE pattern (%, _, *) become spaces.
 */
function pattern(search: string): string | null {
  const cleaned = search.replace(/[%_,()*\\"]/g, ' ').trim();
  return cleaned ? `%${cleaned}%` : null;
}

function range({ page }: ListQuery): [number, number] {
  return [page * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE + ADMIN_PAGE_SIZE - 1];
}

function page<Row>(data: Row[] | null, count: number | null): Page<Row> {
  return { rows: data ?? [], total: count ?? 0 };
}

// Each list below is ordered as SPEC.md section 7 says.

export async function listPendingTrials(
  supabase: Client,
  query: ListQuery,
): Promise<Page<PendingTrialRow>> {
  let request = supabase
    .from('pending_trials')
    .select('id, first_name, last_name, email, submitted_at', { count: 'exact' })
    .eq('status', 'pending');
  const like = pattern(query.search);
  if (like)
    request = request.or(`first_name.ilike.${like},last_name.ilike.${like},email.ilike.${like}`);
  const { data, count, error } = await request
    .order('submitted_at', { ascending: false })
    .range(...range(query));
  if (error) throw error;
  return page(data, count);
}

export async function listActiveTrials(
  supabase: Client,
  query: ListQuery,
): Promise<Page<ActiveTrialRow>> {
  let request = supabase
    .from('active_trial_users')
    .select('id, user_id, email, granted_at, expires_at, profiles!inner(name, email)', {
      count: 'exact',
    })
    .eq('status', 'active');
  const like = pattern(query.search);
  if (like)
    request = request.or(`name.ilike.${like},email.ilike.${like}`, {
      referencedTable: 'profiles',
    });
  const { data, count, error } = await request
    .order('granted_at', { ascending: false })
    .range(...range(query));
  if (error) throw error;
  return page(data as ActiveTrialRow[] | null, count);
}

export async function listExpiredTrials(
  supabase: Client,
  query: ListQuery,
): Promise<Page<ExpiredTrialRow>> {
  let request = supabase
    .from('expired_trials')
    .select('id, email, expired_at, can_retrial, profiles!inner(name, email)', {
      count: 'exact',
    });
  const like = pattern(query.search);
  if (like)
    request = request.or(`name.ilike.${like},email.ilike.${like}`, {
      referencedTable: 'profiles',
    });
  const { data, count, error } = await request
    .order('expired_at', { ascending: false })
    .range(...range(query));
  if (error) throw error;
  return page(data as ExpiredTrialRow[] | null, count);
}

export async function listUsers(supabase: Client, query: ListQuery): Promise<Page<UserRow>> {
  let request = supabase
    .from('profiles')
    .select('id, name, email, created_at, user_roles(role)', { count: 'exact' });
  const like = pattern(query.search);
  if (like) request = request.or(`name.ilike.${like},email.ilike.${like}`);
  const { data, count, error } = await request
    .order('created_at', { ascending: false })
    .range(...range(query));
  if (error) throw error;
  return page(data as UserRow[] | null, count);
}

export async function listUnlocks(supabase: Client, query: ListQuery): Promise<Page<UnlockRow>> {
  let request = supabase
    .from('module_unlocks')
    .select('id, module_name, unlocked_at, profiles!inner(name, email)', { count: 'exact' });
  const like = pattern(query.search);
  if (like)
    request = request.or(`name.ilike.${like},email.ilike.${like}`, {
      referencedTable: 'profiles',
    });
  const { data, count, error } = await request
    .order('unlocked_at', { ascending: false })
    .range(...range(query));
  if (error) throw error;
  return page(data as UnlockRow[] | null, count);
}

/**
 * The admins, ordered by name. Admins are few, so they are read at once and ordered, searched and
 * paged here (the order is on the joined profile, which a single request cannot page by).
 */
export async function listAdmins(supabase: Client, query: ListQuery): Promise<Page<AdminRow>> {
  const { data, error } = await supabase
    .from('user_roles')
    .select('user_id, profiles!inner(name, email)')
    .eq('role', 'admin')
    .limit(1000);
  if (error) throw error;
  const needle = query.search.trim().toLowerCase();
  const rows = (data as AdminRow[])
    .filter(
      ({ profiles }) =>
        !needle ||
        profiles.name.toLowerCase().includes(needle) ||
        profiles.email.toLowerCase().includes(needle),
    )
    .sort((a, b) => a.profiles.name.localeCompare(b.profiles.name, 'en'));
  const [from, to] = range(query);
  return { rows: rows.slice(from, to + 1), total: rows.length };
}
