import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { loadReader } from '@/lib/loadReader';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';
import type { Page } from '@/lib/serverPages';
import { listCertificates, type AdminCertificate, type AdminCertificateQuery } from './adminList';

const ownColumns =
  'id, code, module, completed_at, verified_minutes, issued_at, revoked_at, revoked_reason, reflection_learned, reflection_application, reflection_next_steps, reflected_at';

/**
 * The learner's own certificates, newest first. RLS gives a learner only their own rows, but an
 * admin every row: the filter on the user keeps an admin's dashboard to their own.
 */
export async function fetchMyCertificates(userId: string, signal: AbortSignal) {
  const supabase = await loadReader();
  const { data, error } = await supabase
    .from('certificates')
    .select(ownColumns)
    .eq('user_id', userId)
    .order('issued_at', { ascending: false })
    .order('id', { ascending: false })
    .abortSignal(signal);
  if (error) throw error;
  return data;
}

/** The public check of a code (normalised): anyone may ask, signed in or not. */
export async function checkCertificate(code: string, signal: AbortSignal) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('verify_certificate', { code }).abortSignal(signal);
  if (error) throw error;
  return data;
}

export async function fetchCertificates(
  query: AdminCertificateQuery,
  signal: AbortSignal,
): Promise<Page<AdminCertificate>> {
  return listCertificates(await loadSupabase(), query, signal);
}

export interface ReflectionUpdate {
  certificateId: string;
  learned: string;
  application: string;
  nextSteps: string;
}

/**
 * Saves the learner's reflection (all three parts, or all three empty to remove it); throws the
 * server's refusal, whose message is written for the learner.
 */
export async function saveReflection({
  certificateId,
  learned,
  application,
  nextSteps,
}: ReflectionUpdate) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('save_certificate_reflection', {
      certificate_id: certificateId,
      learned,
      application,
      next_steps: nextSteps,
    })
    .single();
  if (error) throw error;
  return data;
}

export interface Revocation {
  certificateId: string;
  reason: string;
}

/** An admin revokes a certificate; throws the server's refusal (written for the admin). */
export async function revokeCertificate({ certificateId, reason }: Revocation) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('revoke_certificate', { certificate_id: certificateId, reason })
    .single();
  if (error) throw error;
  return data;
}

/** The learner's sends to a portfolio, newest first, with how each went. */
export async function fetchPortfolioSends(signal: AbortSignal) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('my_portfolio_sends').abortSignal(signal);
  if (error) throw error;
  return data;
}

export interface PortfolioSend {
  certificateId: string;
  recipient: string;
}

/**
 * Sends a certificate with its learning note to the address the learner gives; throws the
 * server's refusal (a bad address, five sends in the hour), whose message is written for them.
 */
export async function sendToPortfolio({ certificateId, recipient }: PortfolioSend) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('send_certificate_to_portfolio', { certificate_id: certificateId, recipient })
    .single();
  if (error) throw error;
  return data;
}

// Each row as supabase-js infers it from the reader's select and the generated Database type.
export type Certificate = Awaited<ReturnType<typeof fetchMyCertificates>>[number];
export type CertificateCheck = Awaited<ReturnType<typeof checkCertificate>>;
export type PortfolioSendRecord = Awaited<ReturnType<typeof fetchPortfolioSends>>[number];

/** Whether the certificate carries the learner's reflection (all three parts, or none). */
export function hasReflection(certificate: Certificate): boolean {
  return certificate.reflected_at !== null;
}

// The queries and mutations, as the hooks (./hooks.ts) use them.

export function myCertificatesQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.myCertificates(userId),
    queryFn: ({ signal }) => fetchMyCertificates(userId, signal),
    meta: { errorMessage: 'Error loading certificates:' },
  });
}

/** How often the sends are read again while one is on its way (the job runs every minute). */
const PORTFOLIO_POLL_MS = 15_000;

export function portfolioSendsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.portfolioSends(userId),
    queryFn: ({ signal }) => fetchPortfolioSends(signal),
    meta: { errorMessage: 'Error loading the sends to a portfolio:' },
    refetchInterval: (query) =>
      query.state.data?.some((send) => send.status === 'sending' || send.status === 'retrying')
        ? PORTFOLIO_POLL_MS
        : false,
  });
}

/** Sending reads the sends again, so the new one shows as on its way. */
export function sendToPortfolioMutation(userId: string) {
  return mutationOptions({
    mutationFn: (send: PortfolioSend) => sendToPortfolio(send),
    meta: { errorMessage: 'Error sending a certificate to a portfolio:' },
    onSuccess: (_sent, _send, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.portfolioSends(userId) }),
  });
}

/** A check is asked once: a code nobody holds, or too many checks, are answers, not faults. */
export function certificateCheckQuery(code: string) {
  return queryOptions({
    queryKey: queryKeys.certificateCheck(code),
    queryFn: ({ signal }) => checkCertificate(code, signal),
    meta: { errorMessage: 'Error checking a certificate:' },
    retry: false,
    // A revocation is rare and the check is rate-limited: no reading again on focus.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

export function adminCertificatesQuery({ page, search }: AdminCertificateQuery) {
  return queryOptions({
    queryKey: queryKeys.adminCertificateList(page, search),
    queryFn: ({ signal }) => fetchCertificates({ page, search }, signal),
    meta: { errorMessage: 'Error loading certificates:' },
    placeholderData: keepPreviousData,
  });
}

/** Saving a reflection puts the saved certificate in the learner's list at once. */
export function saveReflectionMutation(userId: string) {
  return mutationOptions({
    mutationFn: (update: ReflectionUpdate) => saveReflection(update),
    meta: { errorMessage: 'Error saving a reflection:' },
    onSuccess: (saved, _update, _onMutateResult, { client }) => {
      client.setQueryData(myCertificatesQuery(userId).queryKey, (certificates) =>
        certificates?.map((certificate) =>
          certificate.id === saved.id
            ? {
                ...certificate,
                reflection_learned: saved.reflection_learned,
                reflection_application: saved.reflection_application,
                reflection_next_steps: saved.reflection_next_steps,
                reflected_at: saved.reflected_at,
              }
            : certificate,
        ),
      );
    },
  });
}

export function revokeCertificateMutation() {
  return mutationOptions({
    mutationFn: (revocation: Revocation) => revokeCertificate(revocation),
    meta: { errorMessage: 'Error revoking a certificate:' },
    // The list and the audit log (which records the revocation) are read again.
    onSettled: (_data, _error, _revocation, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}

/** Whether the server refused a check because the client made too many (PT429). */
export function isTooManyChecks(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'PT429';
}
