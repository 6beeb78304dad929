import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Enums, Json } from '@/lib/database.types';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';
import { abortable, pageRange, readNewestFirst, searchPattern, type Page } from '@/lib/serverPages';

/** Any client of this project's database: the app's, or a script's. */
type Client = SupabaseClient<Database>;

/** Rows per page of the leads and the audit log, read from the server a page at a time. */
export const SALES_PAGE_SIZE = 25;

export type LeadStatus = Enums<'leads_status'>;
export type AuditAction = Enums<'admin_audit_log_action'>;

export interface LeadQuery {
  /** Zero-based page number. */
  page: number;
  search: string;
  /** null: every status. */
  status: LeadStatus | null;
  /** Rows per page: SALES_PAGE_SIZE unless given (a CSV export reads larger pages). */
  pageSize?: number;
}

export interface AuditQuery {
  page: number;
  /** null: every action. */
  action: AuditAction | null;
  /** Part of the acting admin's e-mail; empty: every admin. */
  actor: string;
}

const leadColumns =
  'id, first_name, last_name, email, subject, message, status, note, created_at, updated_at';

/** One page of leads, newest first, searched on name, e-mail and subject. */
export async function listLeads(supabase: Client, query: LeadQuery, signal?: AbortSignal) {
  const like = searchPattern(query.search);
  // A search reads the leads admin_search_leads finds in search_text (first name, last name,
  // e-mail and subject, one string, trigram indexed), which an index cannot serve under row level
  // security.
  let request = like
    ? supabase.rpc('admin_search_leads', { pattern: like }, { count: 'exact' }).select(leadColumns)
    : supabase.from('leads').select(leadColumns, { count: 'exact' });
  if (query.status) request = request.eq('status', query.status);
  return readNewestFirst(
    request,
    'created_at',
    pageRange(query.page, query.pageSize ?? SALES_PAGE_SIZE),
    signal,
  );
}

/** One page of the audit log, newest first. */
export async function listAuditLog(supabase: Client, query: AuditQuery, signal?: AbortSignal) {
  const columns = 'id, actor_email, action, details, at';
  const like = searchPattern(query.actor);
  // As for leads: admin_search_audit_log finds the entries by the acting admin's e-mail.
  let request = like
    ? supabase
        .rpc('admin_search_audit_log', { actor_pattern: like }, { count: 'exact' })
        .select(columns)
    : supabase.from('admin_audit_log').select(columns, { count: 'exact' });
  if (query.action) request = request.eq('action', query.action);
  return readNewestFirst(request, 'at', pageRange(query.page, SALES_PAGE_SIZE), signal);
}

export async function readFunnel(supabase: Client, days: number, signal?: AbortSignal) {
  const { data, error } = await abortable(supabase.rpc('admin_funnel', { days }), signal).single();
  if (error) throw error;
  return data;
}

/** Modules unlocked in the period, most first. */
export async function readModuleStarts(supabase: Client, days: number, signal?: AbortSignal) {
  const { data, error } = await abortable(supabase.rpc('admin_module_starts', { days }), signal);
  if (error) throw error;
  return data;
}

/** Per module, learning records' starts, completions and median minutes watched in the period. */
export async function readLearningSummary(supabase: Client, days: number, signal?: AbortSignal) {
  const { data, error } = await abortable(supabase.rpc('admin_learning_summary', { days }), signal);
  if (error) throw error;
  return data;
}

const deliveryColumns =
  'id, kind, attempts, max_attempts, last_attempt_at, last_error, request_id, cancelled_at, profiles(name, email)';

/** One page of the e-mails that failed and are not delivered, the latest attempt first. */
export async function listEmailDeliveries(supabase: Client, page: number, signal?: AbortSignal) {
  return readNewestFirst(
    supabase
      .from('email_deliveries')
      .select(deliveryColumns, { count: 'exact' })
      .is('delivered_at', null)
      .not('last_error', 'is', null),
    'last_attempt_at',
    pageRange(page, SALES_PAGE_SIZE),
    signal,
  );
}

// Each row as supabase-js infers it from the reader's select and the generated Database type.
export type Lead = Awaited<ReturnType<typeof listLeads>>['rows'][number];
export type AuditEntry = Awaited<ReturnType<typeof listAuditLog>>['rows'][number];
/** An e-mail the database asked for that failed and is not delivered (public.email_deliveries). */
export type EmailDelivery = Awaited<ReturnType<typeof listEmailDeliveries>>['rows'][number];
export type Funnel = Awaited<ReturnType<typeof readFunnel>>;
export type ModuleStarts = Awaited<ReturnType<typeof readModuleStarts>>[number];
export type LearningSummary = Awaited<ReturnType<typeof readLearningSummary>>[number];

/** An audit entry's details (a JSON object as the database writes them), or none. */
export function auditDetails(details: Json): Record<string, Json | undefined> {
  return details !== null && typeof details === 'object' && !Array.isArray(details) ? details : {};
}

// What the pages call: the app's client, loaded on first use.

export async function fetchLeads(query: LeadQuery, signal: AbortSignal): Promise<Page<Lead>> {
  return listLeads(await loadSupabase(), query, signal);
}

export async function fetchAuditLog(
  query: AuditQuery,
  signal: AbortSignal,
): Promise<Page<AuditEntry>> {
  return listAuditLog(await loadSupabase(), query, signal);
}

export async function fetchEmailDeliveries(
  page: number,
  signal: AbortSignal,
): Promise<Page<EmailDelivery>> {
  return listEmailDeliveries(await loadSupabase(), page, signal);
}

export async function fetchFunnel(days: number, signal: AbortSignal): Promise<Funnel> {
  return readFunnel(await loadSupabase(), days, signal);
}

export async function fetchModuleStarts(
  days: number,
  signal: AbortSignal,
): Promise<ModuleStarts[]> {
  return readModuleStarts(await loadSupabase(), days, signal);
}

export async function fetchLearningSummary(
  days: number,
  signal: AbortSignal,
): Promise<LearningSummary[]> {
  return readLearningSummary(await loadSupabase(), days, signal);
}

export interface LeadUpdate {
  leadId: string;
  status: LeadStatus;
  note: string;
}

/** Records a lead's follow-up; throws the server's refusal (its message is written for the admin). */
export async function updateLead({ leadId, status, note }: LeadUpdate): Promise<Lead> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('update_lead', { lead_id: leadId, new_status: status, new_note: note })
    .single();
  if (error) throw error;
  return data;
}

// The queries and the mutation, as the hooks (./hooks.ts) use them. A list keeps its previous page
// shown while the next loads.

export function leadsQuery({ page, search, status }: Omit<LeadQuery, 'pageSize'>) {
  return queryOptions({
    queryKey: queryKeys.leadList(page, search, status),
    queryFn: ({ signal }) => fetchLeads({ page, search, status }, signal),
    meta: { errorMessage: 'Error loading leads:' },
    placeholderData: keepPreviousData,
  });
}

export function auditLogQuery({ page, action, actor }: AuditQuery) {
  return queryOptions({
    queryKey: queryKeys.auditLog(page, action, actor),
    queryFn: ({ signal }) => fetchAuditLog({ page, action, actor }, signal),
    meta: { errorMessage: 'Error loading the audit log:' },
    placeholderData: keepPreviousData,
  });
}

export function emailDeliveriesQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.emailDeliveries(page),
    queryFn: ({ signal }) => fetchEmailDeliveries(page, signal),
    meta: { errorMessage: 'Error loading e-mail deliveries:' },
    placeholderData: keepPreviousData,
  });
}

export function funnelQuery(days: number) {
  return queryOptions({
    queryKey: queryKeys.funnel(days),
    queryFn: ({ signal }) => fetchFunnel(days, signal),
    meta: { errorMessage: 'Error loading the funnel:' },
    placeholderData: keepPreviousData,
  });
}

export function moduleStartsQuery(days: number) {
  return queryOptions({
    queryKey: queryKeys.moduleStarts(days),
    queryFn: ({ signal }) => fetchModuleStarts(days, signal),
    meta: { errorMessage: 'Error loading module starts:' },
    placeholderData: keepPreviousData,
  });
}

export function learningSummaryQuery(days: number) {
  return queryOptions({
    queryKey: queryKeys.learningSummary(days),
    queryFn: ({ signal }) => fetchLearningSummary(days, signal),
    meta: { errorMessage: 'Error loading the learning summary:' },
    placeholderData: keepPreviousData,
  });
}

export function updateLeadMutation() {
  return mutationOptions({
    mutationFn: (update: LeadUpdate) => updateLead(update),
    meta: { errorMessage: 'Error updating a lead:' },
    // The lead lists and the audit log (which records the update) are read again.
    onSettled: (_data, _error, _update, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}
