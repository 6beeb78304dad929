import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Factor } from '@supabase/supabase-js';
import { downloadData } from '@/content/account';
import { twoFactorSection } from '@/content/accountSecurity';
import { site } from '@/content/site';
import { isWrongCode } from '@/lib/auth/wrongCode';
import { functionRefusal } from '@/lib/functionRefusal';
import { loadSupabase } from '@/lib/loadSupabase';
import { logger } from '@/lib/logger';
import { queryKeys } from '@/lib/queryKeys';
import { isDataExport, type DataExport } from './exportFormat';
import type { AppSupabaseClient } from '@/lib/supabase';

/** A verified TOTP factor, as the account security page lists it. */
export interface AuthenticatorApp {
  id: string;
  name: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** A TOTP factor just enrolled: not in use until a code from the app confirms it. */
export interface Enrolment {
  factorId: string;
  /** The QR code as an SVG data URI. */
  qrCode: string;
  /** The same secret as text (base32), for people who cannot scan. */
  secret: string;
}

/** How a code was received: a mistyped or stale code is an answer to show, not a failure. */
export type CodeOutcome = 'accepted' | 'wrong-code';

/** A failure's message for a toast's description (the provider's words). */
export function failureMessage(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

async function totpFactors(supabase: AppSupabaseClient): Promise<Factor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.all.filter((factor) => factor.factor_type === 'totp');
}

/** The user's verified authenticator apps (read from the backend, not the session's copy). */
export async function fetchAuthenticatorApps(): Promise<AuthenticatorApp[]> {
  const factors = await totpFactors(await loadSupabase());
  return factors
    .filter((factor) => factor.status === 'verified')
    .map((factor) => ({
      id: factor.id,
      name: factor.friendly_name || twoFactorSection.appName(1),
      createdAt: factor.created_at,
    }));
}

/**
 * Starts setting up an authenticator app. A setup abandoned earlier is removed first: it would hold
 * its name, and a factor slot, until the backend expires it.
 */
export async function startEnrolment(): Promise<Enrolment> {
  const supabase = await loadSupabase();
  const factors = await totpFactors(supabase);
  for (const abandoned of factors.filter((factor) => factor.status !== 'verified')) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: abandoned.id });
    if (error) throw error;
  }
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: unusedName(factors.map((factor) => factor.friendly_name)),
    // What the authenticator app calls the account (the backend would name the site's host).
    issuer: site.name,
  });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/** The backend refuses two factors of one user with the same name. */
function unusedName(taken: (string | undefined)[]): string {
  let number = 1;
  while (taken.includes(twoFactorSection.appName(number))) number += 1;
  return twoFactorSection.appName(number);
}

/** Checks a code against the factor; the session becomes aal2 (MFA_CHALLENGE_VERIFIED). */
async function verifyCode(
  supabase: AppSupabaseClient,
  factorId: string,
  code: string,
): Promise<CodeOutcome> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (isWrongCode(error)) return 'wrong-code';
  if (error) throw error;
  return 'accepted';
}

/** Confirms a new app with its first code: from then on sign-in asks for one. */
export async function confirmEnrolment(factorId: string, code: string): Promise<CodeOutcome> {
  return verifyCode(await loadSupabase(), factorId, code);
}

/** Drops a setup the user walked away from (an unverified factor needs no code to remove). */
export async function cancelEnrolment(factorId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

/**
 * Removes an authenticator app after a fresh code from it (the backend removes a verified factor
 * only from an aal2 session), then refreshes the session, whose token still claims the level the
 * removed factor gave it.
 */
export async function removeAuthenticatorApp(factorId: string, code: string): Promise<CodeOutcome> {
  const supabase = await loadSupabase();
  if ((await verifyCode(supabase, factorId, code)) === 'wrong-code') return 'wrong-code';
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
  // The app is gone either way: a failed refresh is only logged (the next refresh catches up).
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) {
    logger.error('Could not refresh the session after removing an app:', refreshed.error);
  }
  return 'accepted';
}

export function authenticatorAppsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.authenticatorApps(userId),
    queryFn: fetchAuthenticatorApps,
    meta: { errorMessage: 'Error loading authenticator apps:' },
  });
}

/** After any change to the user's factors the list is read again. */
function rereadAppList(client: QueryClient, userId: string): void {
  void client.invalidateQueries({ queryKey: queryKeys.authenticatorApps(userId) });
}

export function startEnrolmentMutation() {
  return mutationOptions({
    mutationFn: startEnrolment,
    meta: { errorMessage: 'Error starting authenticator app setup:' },
  });
}

export function confirmEnrolmentMutation(userId: string) {
  return mutationOptions({
    mutationFn: ({ factorId, code }: { factorId: string; code: string }) =>
      confirmEnrolment(factorId, code),
    meta: { errorMessage: 'Error confirming an authenticator app:' },
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      rereadAppList(client, userId),
  });
}

export function cancelEnrolmentMutation() {
  return mutationOptions({
    mutationFn: ({ factorId }: { factorId: string }) => cancelEnrolment(factorId),
    meta: { errorMessage: 'Error cancelling authenticator app setup:' },
  });
}

export function removeAuthenticatorAppMutation(userId: string) {
  return mutationOptions({
    mutationFn: ({ factorId, code }: { factorId: string; code: string }) =>
      removeAuthenticatorApp(factorId, code),
    meta: { errorMessage: 'Error removing an authenticator app:' },
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      rereadAppList(client, userId),
  });
}

/*
 * The user's data rights (docs/data-rights.md): the export of everything Revolve holds about them
 * (`public.export_my_data()`) and the deletion of their account (the edge function
 * `delete-account`, which wants a fresh proof of identity first).
 */

/** The signed-in user's data, as the database exports it. */
export async function fetchDataExport(): Promise<DataExport> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('export_my_data');
  if (error) throw error;
  if (!isDataExport(data)) throw new Error(downloadData.failedDescription);
  return data;
}

/** The edge function's code when the sign-in is too old (or not at aal2 for a user with an app). */
export const reauthenticationNeeded = 'reauthentication_needed';

export type DeletionResult =
  { deleted: true } | { deleted: false; message: string | null; code: string | null };

/**
 * Deletes the signed-in user's account (the function takes no user id: it deletes the caller),
 * then ends the session in this browser: the backend has already ended every session of the
 * deleted user, so only the stored one is left to forget.
 */
export async function deleteMyAccount(): Promise<DeletionResult> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<{ deleted?: unknown }>('delete-account', {
    body: {},
  });
  if (error) return { deleted: false, ...(await functionRefusal(error)) };
  if (data?.deleted !== true) return { deleted: false, message: null, code: null };
  const { signOutHere } = await import('@/lib/auth/authSession');
  // A failure here leaves a session of a user who no longer exists, which the next refresh ends.
  await signOutHere('local');
  return { deleted: true };
}
