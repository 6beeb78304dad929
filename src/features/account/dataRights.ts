import { FunctionsHttpError, type User } from '@supabase/supabase-js';
import { downloadData } from '@/content/account';
import type { ExternalProvider } from '@/lib/auth/externalProviders';
import { isoDay } from '@/lib/dates';
import { downloadFile } from '@/lib/downloadFile';
import { loadSupabase } from '@/lib/loadSupabase';
import { serverMessage } from '@/lib/serverMessage';
import { isDataExport, type DataExport } from './exportFormat';

/**
 * The user's data rights (docs/data-rights.md): the download of everything Revolve holds about them
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

/**
 * Reads the user's data, builds the zip in the browser (its code, the zip and CSV writers, loads
 * only now) and hands it to the user as revolve-my-data-<day>.zip.
 */
export async function downloadMyData(now = () => new Date()): Promise<void> {
  const [data, { dataExportZip }] = await Promise.all([
    fetchDataExport(),
    import('./dataExportZip'),
  ]);
  const zip = dataExportZip(data);
  downloadFile(
    downloadData.fileName(isoDay(now())),
    new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
  );
}

/**
 * How the user proves it is them before the deletion: a code from their authenticator app (a user
 * with one must reach aal2 anyway), else their password, else a new sign-in with the provider they
 * signed up with.
 */
export type IdentityProof =
  { kind: 'code' } | { kind: 'password' } | { kind: 'provider'; provider: ExternalProvider };

const externalProviders: readonly ExternalProvider[] = ['google', 'azure'];

export function identityProofFor(user: User, hasAuthenticatorApp: boolean): IdentityProof {
  if (hasAuthenticatorApp) return { kind: 'code' };
  const metadata = user.app_metadata as { provider?: unknown; providers?: unknown };
  const providers = Array.isArray(metadata.providers)
    ? metadata.providers.filter((name): name is string => typeof name === 'string')
    : typeof metadata.provider === 'string'
      ? [metadata.provider]
      : [];
  const external = externalProviders.find((provider) => providers.includes(provider));
  if (external && !providers.includes('email')) return { kind: 'provider', provider: external };
  return { kind: 'password' };
}

/** The edge function's code when the sign-in is too old (or not at aal2 for a user with an app). */
export const reauthenticationNeeded = 'reauthentication_needed';

export type DeletionResult =
  { deleted: true } | { deleted: false; message: string | null; code: string | null };

/** The function's refusal from its body (`{ error, code }`); any other failure says it itself. */
async function refusal(error: unknown): Promise<{ message: string | null; code: string | null }> {
  if (error instanceof FunctionsHttpError) {
    try {
      const body = (await (error.context as Response).json()) as {
        error?: unknown;
        code?: unknown;
      };
      return {
        message: typeof body.error === 'string' ? body.error : null,
        code: typeof body.code === 'string' ? body.code : null,
      };
    } catch {
      return { message: null, code: null };
    }
  }
  return { message: serverMessage(error), code: null };
}

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
  if (error) return { deleted: false, ...(await refusal(error)) };
  if (data?.deleted !== true) return { deleted: false, message: null, code: null };
  const { signOutHere } = await import('@/lib/auth/authSession');
  // A failure here leaves a session of a user who no longer exists, which the next refresh ends.
  await signOutHere('local');
  return { deleted: true };
}
