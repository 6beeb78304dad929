import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuditAction, EmailKind, LeadStatus } from '@/content/sales';
import type { Database } from '@/lib/database.types';
import { loadSupabase } from '@/lib/loadSupabase';
import { abortable, pageRange, searchPattern, toPage, type Page } from '@/lib/serverPages';

/** Any client of this project's database: the app's, or a script's. */
type Client = SupabaseClient<Database>;

/** Rows per page of the leads and the audit log, read from the server a page at a time. */
export const SALES_PAGE_SIZE = 25;

export interface Lead {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  message: string;
  status: LeadStatus;
  note: string;
  created_at: string;
  updated_at: string;
}

export interface LeadQuery {
  /** Zero-based page number. */
  page: number;
  search: string;
  /** null: every status. */
  status: LeadStatus | null;
  /** Rows per page: SALES_PAGE_SIZE unless given (a CSV export reads larger pages). */
  pageSize?: number;
}

export interface AuditEntry {
  id: number;
  actor_email: string | null;
  action: AuditAction;
  details: Record<string, unknown>;
  at: string;
}

export interface AuditQuery {
  page: number;
  /** null: every action. */
  action: AuditAction | null;
  /** Part of the acting admin's e-mail; empty: every admin. */
  actor: string;
}

export interface Funnel {
  leads: number;
  trial_requests: number;
  approvals: number;
  rejections: number;
  trials_active_now: number;
  expiries: number;
  conversions: number;
}

export interface ModuleStarts {
  module_name: string;
  starts: number;
}

type DeliveryRow = Database['public']['Tables']['email_deliveries']['Row'];

/** An e-mail the database asked for that failed and is not delivered (public.email_deliveries). */
export type EmailDelivery = Pick<
  DeliveryRow,
  | 'id'
  | 'attempts'
  | 'max_attempts'
  | 'last_attempt_at'
  | 'last_error'
  | 'request_id'
  | 'cancelled_at'
> & {
  kind: EmailKind;
  /** The addressee's profile. */
  profiles: { name: string; email: string } | null;
};

const leadColumns =
  'id, first_name, last_name, email, subject, message, status, note, created_at, updated_at';

/** One page of leads, newest first, searched on name, e-mail and subject. */
export async function listLeads(
  supabase: Client,
  query: LeadQuery,
  signal?: AbortSignal,
): Promise<Page<Lead>> {
  const like = searchPattern(query.search);
  // A search reads the leads admin_search_leads finds in search_text (first name, last name,
  // e-mail and subject, one string, trigram indexed), which an index cannot serve under row level
  // security.
  let request = like
    ? supabase.rpc('admin_search_leads', { pattern: like }, { count: 'exact' }).select(leadColumns)
    : supabase.from('leads').select(leadColumns, { count: 'exact' });
  if (query.status) request = request.eq('status', query.status);
  const { data, count, error } = await abortable(
    request
      .order('created_at', { ascending: false })
      // Rows with the same time keep one order from page to page (a CSV export reads every page).
      .order('id', { ascending: false })
      .range(...pageRange(query.page, query.pageSize ?? SALES_PAGE_SIZE)),
    signal,
  );
  if (error) throw error;
  return toPage(data as Lead[] | null, count);
}

/** One page of the audit log, newest first. */
export async function listAuditLog(
  supabase: Client,
  query: AuditQuery,
  signal?: AbortSignal,
): Promise<Page<AuditEntry>> {
  const columns = 'id, actor_email, action, details, at';
  const like = searchPattern(query.actor);
  // As for leads: admin_search_audit_log finds the entries by the acting admin's e-mail.
  let request = like
    ? supabase
        .rpc('admin_search_audit_log', { actor_pattern: like }, { count: 'exact' })
        .select(columns)
    : supabase.from('admin_audit_log').select(columns, { count: 'exact' });
  if (query.action) request = request.eq('action', query.action);
  const { data, count, error } = await abortable(
    request
      .order('at', { ascending: false })
      .order('id', { ascending: false })
      .range(...pageRange(query.page, SALES_PAGE_SIZE)),
    signal,
  );
  if (error) throw error;
  return toPage(data as AuditEntry[] | null, count);
}

export async function readFunnel(
  supabase: Client,
  days: number,
  signal?: AbortSignal,
): Promise<Funnel> {
  const { data, error } = await abortable(supabase.rpc('admin_funnel', { days }), signal).single();
  if (error) throw error;
  return data;
}

/** Modules unlocked in the period, most first. */
export async function readModuleStarts(
  supabase: Client,
  days: number,
  signal?: AbortSignal,
): Promise<ModuleStarts[]> {
  const { data, error } = await abortable(supabase.rpc('admin_module_starts', { days }), signal);
  if (error) throw error;
  return data;
}

const deliveryColumns =
  'id, kind, attempts, max_attempts, last_attempt_at, last_error, request_id, cancelled_at, profiles(name, email)';

/** One page of the e-mails that failed and are not delivered, the latest attempt first. */
export async function listEmailDeliveries(
  supabase: Client,
  page: number,
  signal?: AbortSignal,
): Promise<Page<EmailDelivery>> {
  const { data, count, error } = await abortable(
    supabase
      .from('email_deliveries')
      .select(deliveryColumns, { count: 'exact' })
      .is('delivered_at', null)
      .not('last_error', 'is', null)
      .order('last_attempt_at', { ascending: false })
      .order('id', { ascending: false })
      .range(...pageRange(page, SALES_PAGE_SIZE)),
    signal,
  );
  if (error) throw error;
  return toPage(data as EmailDelivery[] | null, count);
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

export interface LeadUpdate {
  leadId: string;
  status: LeadStatus;
  note: string;
}

/** Records a lead's follow-up; throws the server's refusal (its message is written for the admin). */
export async function updateLead({ leadId, status, note }: LeadUpdate): Promise<Lead> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('update_lead', { lead_id: leadId, status, note });
  if (error) throw error;
  return data as unknown as Lead;
}
