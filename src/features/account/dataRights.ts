import type { User } from '@supabase/supabase-js';
import { downloadData } from '@/content/account';
import { externalProviders, type ExternalProvider } from '@/lib/auth/externalProviders';
import { isoDay } from '@/lib/dates';
import { downloadFile } from '@/lib/downloadFile';
import { fetchDataExport } from './api';

/**
 * The user's data rights on /account (docs/data-rights.md): the download built from the export,
 * and how the user proves it is them before the deletion (the calls themselves are in ./api.ts).
 */

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
