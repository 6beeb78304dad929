import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Enums } from '@/lib/database.types';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';
import { abortable, pageRange, readNewestFirst, searchPattern, type Page } from '@/lib/serverPages';
import { functionRefusal } from '@/lib/functionRefusal';

/** Any client of this project's database: the app's, or a script's. */
type Client = SupabaseClient<Database>;

/** Rows per page of every admin list, read from the server a page at a time. */
export const ADMIN_PAGE_SIZE = 25;

export type AdminTab = 'pending' | 'active' | 'expired' | 'users' | 'unlocks' | 'admins';

export interface ListQuery {
  /** Zero-based page number. */
  page: number;
  search: string;
  /** Rows per page: ADMIN_PAGE_SIZE unless given (a CSV export reads larger pages). */
  pageSize?: number;
}

function range({ page, pageSize = ADMIN_PAGE_SIZE }: ListQuery): [number, number] {
  return pageRange(page, pageSize);
}

// Each list below is ordered as SPEC.md section 7 says (newest first by its time, then by id:
// readNewestFirst).
//
// The lists of trials and unlocks read a view of their table with the user's profile beside each
// row (migration 20261127000200): profile_name and profile_email. Through an embed, every row of
// the table was joined to its profile one by one, for the page and again for its count. A search
// reads the rows an admin_search_* function finds (an index cannot serve an ILIKE under row level
// security), filtered, ordered and paged as the table's would be.

export async function listPendingTrials(supabase: Client, query: ListQuery, signal?: AbortSignal) {
  let request = supabase
    .from('pending_trials')
    .select('id, first_name, last_name, email, submitted_at', { count: 'exact' })
    .eq('status', 'pending');
  const like = searchPattern(query.search);
  if (like)
    request = request.or(`first_name.ilike.${like},last_name.ilike.${like},email.ilike.${like}`);
  return readNewestFirst(request, 'submitted_at', range(query), signal);
}

export async function listActiveTrials(supabase: Client, query: ListQuery, signal?: AbortSignal) {
  const columns = 'id, user_id, email, granted_at, expires_at, profile_name, profile_email';
  const like = searchPattern(query.search);
  const request = (
    like
      ? supabase
          .rpc('admin_search_active_trials', { pattern: like }, { count: 'exact' })
          .select(columns)
      : supabase.from('admin_active_trials').select(columns, { count: 'exact' })
  ).eq('status', 'active');
  return readNewestFirst(request, 'granted_at', range(query), signal);
}

export async function listExpiredTrials(supabase: Client, query: ListQuery, signal?: AbortSignal) {
  const columns = 'id, email, expired_at, can_retrial, profile_name, profile_email';
  const like = searchPattern(query.search);
  const request = like
    ? supabase
        .rpc('admin_search_expired_trials', { pattern: like }, { count: 'exact' })
        .select(columns)
    : supabase.from('admin_expired_trials').select(columns, { count: 'exact' });
  return readNewestFirst(request, 'expired_at', range(query), signal);
}

export async function listUsers(supabase: Client, query: ListQuery, signal?: AbortSignal) {
  const columns = 'id, name, email, created_at, user_roles(role)';
  const like = searchPattern(query.search);
  const request = like
    ? supabase.rpc('admin_search_profiles', { pattern: like }, { count: 'exact' }).select(columns)
    : supabase.from('profiles').select(columns, { count: 'exact' });
  return readNewestFirst(request, 'created_at', range(query), signal);
}

export async function listUnlocks(supabase: Client, query: ListQuery, signal?: AbortSignal) {
  const columns = 'id, module_name, unlocked_at, profile_name, profile_email';
  const like = searchPattern(query.search);
  const request = like
    ? supabase
        .rpc('admin_search_module_unlocks', { pattern: like }, { count: 'exact' })
        .select(columns)
    : supabase.from('admin_module_unlocks').select(columns, { count: 'exact' });
  return readNewestFirst(request, 'unlocked_at', range(query), signal);
}

/**
 * The admins, ordered by name. Admins are few, so they are read at once and ordered, searched and
 * paged here (the order is on the joined profile, which a single request cannot page by).
 */
export async function listAdmins(supabase: Client, query: ListQuery, signal?: AbortSignal) {
  const { data, error } = await abortable(
    supabase
      .from('user_roles')
      .select('user_id, profiles!inner(name, email)')
      .eq('role', 'admin')
      .limit(1000),
    signal,
  );
  if (error) throw error;
  const needle = query.search.trim().toLowerCase();
  const rows = data
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

const lists = {
  pending: listPendingTrials,
  active: listActiveTrials,
  expired: listExpiredTrials,
  users: listUsers,
  unlocks: listUnlocks,
  admins: listAdmins,
} satisfies Record<
  AdminTab,
  (supabase: Client, query: ListQuery, signal: AbortSignal) => Promise<Page<unknown>>
>;

export type AdminRows<Tab extends AdminTab> = Awaited<ReturnType<(typeof lists)[Tab]>>['rows'];

// Each list's row, as supabase-js infers it from the list's select and the generated Database type.
export type PendingTrialRow = AdminRows<'pending'>[number];
export type ActiveTrialRow = AdminRows<'active'>[number];
export type ExpiredTrialRow = AdminRows<'expired'>[number];
export type UserRow = AdminRows<'users'>[number];
export type UnlockRow = AdminRows<'unlocks'>[number];
export type AdminRow = AdminRows<'admins'>[number];

/** One page of a tab's list, as the dashboard reads it. */
export async function fetchAdminList<Tab extends AdminTab>(
  tab: Tab,
  query: ListQuery,
  signal: AbortSignal,
): Promise<Page<AdminRows<Tab>[number]>> {
  return lists[tab](await loadSupabase(), query, signal) as Promise<Page<AdminRows<Tab>[number]>>;
}

/** Each tab's total, for the tab labels. */
export async function fetchAdminCounts(signal: AbortSignal): Promise<Record<AdminTab, number>> {
  const supabase = await loadSupabase();
  const tabs = Object.keys(lists) as AdminTab[];
  const totals = await Promise.all(
    tabs.map((tab) =>
      lists[tab](supabase, { page: 0, search: '' }, signal).then((page) => page.total),
    ),
  );
  return Object.fromEntries(tabs.map((tab, index) => [tab, totals[index]])) as Record<
    AdminTab,
    number
  >;
}

const loadFailure = { errorMessage: 'Error loading admin data:' };

export function adminListQuery<Tab extends AdminTab>(tab: Tab, page: number, search: string) {
  return queryOptions({
    queryKey: queryKeys.adminList(tab, page, search),
    queryFn: ({ signal }) => fetchAdminList(tab, { page, search }, signal),
    meta: loadFailure,
  });
}

export function adminCountsQuery() {
  return queryOptions({
    queryKey: queryKeys.adminCounts,
    queryFn: ({ signal }) => fetchAdminCounts(signal),
    meta: loadFailure,
  });
}

/**
 * How an admin action ended: on failure, the server's message when it gave one. The dashboard
 * turns it into SPEC.md's toasts, so a refusal is an answer here, not a thrown error.
 */
export type ActionResult = { ok: true } | { ok: false; message: string | null };

const done: ActionResult = { ok: true };

async function invoke(name: string, body: Record<string, unknown>): Promise<ActionResult> {
  const supabase = await loadSupabase();
  const { error } = await supabase.functions.invoke(name, { body });
  return error ? { ok: false, message: (await functionRefusal(error)).message } : done;
}

export function approveTrial(trialId: string, email: string) {
  return invoke('approve-trial', { trial_id: trialId, email });
}

export function expireTrial(trialId: string, canRetrial: boolean) {
  return invoke('expire-trial', { trial_id: trialId, can_retrial: canRetrial });
}

export function grantAdminRole(email: string) {
  return invoke('grant-admin-role', { user_email: email });
}

/** The trial-activated e-mail, sent to the fixed test recipient with these details. */
export function sendTestTrialEmail(details: { email: string; name: string; expiresAt: string }) {
  return invoke('send-trial-activated', {
    email: details.email,
    name: details.name,
    expires_at: details.expiresAt,
  });
}

export async function rejectTrial(trialId: string): Promise<ActionResult> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('pending_trials')
    .update({ status: 'rejected' })
    .eq('id', trialId)
    .eq('status', 'pending')
    .select('id');
  if (error) return { ok: false, message: error.message };
  // No row changed: it was no longer pending (approved, rejected or withdrawn meanwhile).
  return data.length === 1 ? done : { ok: false, message: null };
}

export async function deleteActiveTrial(trialId: string): Promise<ActionResult> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('delete_active_trial', { trial_id: trialId });
  return error ? { ok: false, message: error.message } : done;
}

/** An action on a row of the dashboard (or the grant form). */
export type AdminAction =
  | { kind: 'approve'; trialId: string; email: string }
  | { kind: 'reject'; trialId: string }
  | { kind: 'expire'; trialId: string; canRetrial: boolean }
  | { kind: 'delete'; trialId: string }
  | { kind: 'grant'; email: string };

export function runAdminAction(action: AdminAction): Promise<ActionResult> {
  switch (action.kind) {
    case 'approve':
      return approveTrial(action.trialId, action.email);
    case 'reject':
      return rejectTrial(action.trialId);
    case 'expire':
      return expireTrial(action.trialId, action.canRetrial);
    case 'delete':
      return deleteActiveTrial(action.trialId);
    case 'grant':
      return grantAdminRole(action.email);
  }
}

/**
 * An admin action; after one that succeeded every admin list and count is read again, and the
 * mutation settles only once they have been.
 */
export function adminActionMutation<Variables extends { action: AdminAction }>() {
  return mutationOptions({
    mutationFn: ({ action }: Variables) => runAdminAction(action),
    onSettled: (result, _error, _variables, _onMutateResult, { client }) =>
      result?.ok ? client.invalidateQueries({ queryKey: queryKeys.admin }) : undefined,
  });
}

export function testEmailMutation() {
  return mutationOptions({
    mutationFn: sendTestTrialEmail,
  });
}

/** The grant form's check (SPEC.md section 5): not empty and containing an at-sign. */
export function isGrantableEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.includes('@');
}

// Organisation access codes (/admin/access-codes). The database keeps only a code's hash and its
// last four characters; the plain code exists once, in create_access_code's answer.

export type AccessCodeStatus = Enums<'access_code_status'>;

export interface NewAccessCode {
  /** The organisation the code belongs to (public.organisations). */
  organisationId: string;
  expiresAt: string | null;
  seatLimit: number | null;
  /** null: every unlockable module. */
  moduleSlugs: string[] | null;
}

/** The codes as the admin list shows them (public.admin_access_code_list), newest first. */
export async function fetchAccessCodes(signal: AbortSignal) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('admin_access_codes').abortSignal(signal);
  if (error) throw error;
  return data;
}

export type AccessCodeRow = Awaited<ReturnType<typeof fetchAccessCodes>>[number];

/**
 * Every organisation a code can belong to (admin_organisations), by name, with its term's state:
 * the access-code form's choice. Organisations are made on /admin/organisations.
 */
export async function fetchOrganisationChoices(signal: AbortSignal) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('admin_organisations')
    .select('id, name, status')
    .order('name')
    .order('id')
    .abortSignal(signal);
  if (error) throw error;
  return data;
}

export type OrganisationChoice = Awaited<ReturnType<typeof fetchOrganisationChoices>>[number];

/**
 * Issues a code: its plain value (the only time it is known) and the code as listed. Throws the
 * server's refusal (its message is written for the admin).
 */
export async function createAccessCode(code: NewAccessCode) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('create_access_code', {
      organisation_id: code.organisationId,
      expires_at: code.expiresAt ?? undefined,
      seat_limit: code.seatLimit ?? undefined,
      module_slugs: code.moduleSlugs ?? undefined,
    })
    .single();
  if (error) throw error;
  return data;
}

export type IssuedAccessCode = Awaited<ReturnType<typeof createAccessCode>>;

/** Revokes a code for good; throws the server's refusal (its message is written for the admin). */
export async function revokeAccessCode(codeId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('revoke_access_code', { code_id: codeId });
  if (error) throw error;
}

export function accessCodesQuery() {
  return queryOptions({
    queryKey: queryKeys.accessCodes,
    queryFn: ({ signal }) => fetchAccessCodes(signal),
    meta: { errorMessage: 'Error loading access codes:' },
  });
}

export function organisationChoicesQuery() {
  return queryOptions({
    queryKey: queryKeys.organisationChoices,
    queryFn: ({ signal }) => fetchOrganisationChoices(signal),
    meta: { errorMessage: 'Error loading organisations:' },
  });
}

/** Issues a code; afterwards the list is read again, and the mutation settles once it has been. */
export function createAccessCodeMutation() {
  return mutationOptions({
    mutationFn: createAccessCode,
    meta: { errorMessage: 'Error creating an access code:' },
    onSettled: (_data, _error, _code, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.accessCodes }),
  });
}

/** Revokes a code; afterwards the list is read again, and the mutation settles once it has been. */
export function revokeAccessCodeMutation() {
  return mutationOptions({
    mutationFn: ({ codeId }: { codeId: string; organisation: string }) => revokeAccessCode(codeId),
    meta: { errorMessage: 'Error revoking an access code:' },
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.accessCodes }),
  });
}

// LRS clients of tools and integrations (/admin/integrations). The database keeps only a secret's
// hash; the plain secret exists once, in create_lrs_client's answer.

export interface NewLrsClient {
  name: string;
  /** xAPI scope names, at least one. */
  scopes: string[];
}

/** The clients as the admin list shows them (public.admin_lrs_client_list), newest first. */
export async function fetchLrsClients(signal: AbortSignal) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('admin_lrs_clients').abortSignal(signal);
  if (error) throw error;
  return data;
}

export type LrsClientRow = Awaited<ReturnType<typeof fetchLrsClients>>[number];

/**
 * Creates a client: its secret (the only time it is known) and the client as listed, whose key is
 * the Basic user name. Throws the server's refusal (its message is written for the admin).
 */
export async function createLrsClient(client: NewLrsClient) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('create_lrs_client', { name: client.name, scopes: client.scopes })
    .single();
  if (error) throw error;
  return data;
}

export type IssuedLrsClient = Awaited<ReturnType<typeof createLrsClient>>;

/** Revokes a client for good; throws the server's refusal (its message is written for the admin). */
export async function revokeLrsClient(clientId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('revoke_lrs_client', { client_id: clientId });
  if (error) throw error;
}

export function lrsClientsQuery() {
  return queryOptions({
    queryKey: queryKeys.lrsClients,
    queryFn: ({ signal }) => fetchLrsClients(signal),
    meta: { errorMessage: 'Error loading LRS clients:' },
  });
}

/** Creates a client; afterwards the list is read again, and the mutation settles once it has been. */
export function createLrsClientMutation() {
  return mutationOptions({
    mutationFn: createLrsClient,
    meta: { errorMessage: 'Error creating an LRS client:' },
    onSettled: (_data, _error, _client, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.lrsClients }),
  });
}

/** Revokes a client; afterwards the list is read again, and the mutation settles once it has been. */
export function revokeLrsClientMutation() {
  return mutationOptions({
    mutationFn: ({ clientId }: { clientId: string; name: string }) => revokeLrsClient(clientId),
    meta: { errorMessage: 'Error revoking an LRS client:' },
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.lrsClients }),
  });
}
