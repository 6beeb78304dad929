import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database.types';
import { pageRange, readNewestFirst, searchPattern } from '@/lib/serverPages';
import { normaliseCertificateCode } from '@shared/certificate-code.ts';

/** Any client of this project's database: the app's, or a script's. */
type Client = SupabaseClient<Database>;

// /admin/certificates' list on any client of the project (the app's, or a script's such as
// npm run bench:admin): nothing here reads the app's environment.

/** Rows per page of /admin/certificates, as the other admin lists. */
export const ADMIN_CERTIFICATES_PAGE_SIZE = 25;

export interface AdminCertificateQuery {
  /** Zero-based page number. */
  page: number;
  /** A whole code (with or without hyphens, any case), or part of the learner's e-mail. */
  search: string;
}

const adminColumns =
  'id, code, module, completed_at, verified_minutes, issued_at, revoked_at, revoked_reason, profile_name, profile_email';

/**
 * One page of every certificate, newest first, with the learner's name and e-mail. A search that
 * is a whole code finds that certificate (its unique index); anything else is part of an e-mail,
 * searched by admin_search_certificates (the profiles' trigram index).
 */
export async function listCertificates(
  supabase: Client,
  { page, search }: AdminCertificateQuery,
  signal?: AbortSignal,
) {
  const code = normaliseCertificateCode(search);
  const like = code ? null : searchPattern(search);
  const request = like
    ? supabase
        .rpc('admin_search_certificates', { pattern: like }, { count: 'exact' })
        .select(adminColumns)
    : supabase.from('admin_certificates').select(adminColumns, { count: 'exact' });
  return readNewestFirst(
    code ? request.eq('code', code) : request,
    'issued_at',
    pageRange(page, ADMIN_CERTIFICATES_PAGE_SIZE),
    signal,
  );
}

export type AdminCertificate = Awaited<ReturnType<typeof listCertificates>>['rows'][number];
