import { mutationOptions } from '@tanstack/react-query';
import type { TrialModuleSlug } from '@/content/modules';
import { loadSupabase } from '@/lib/loadSupabase';
import { logger } from '@/lib/logger';

const duplicateKey = '23505';

/**
 * Records that a trial user started a trial module (a module_unlocks row). Starting it again is
 * a success: the row already exists. Throws when the backend refuses (e.g. no active trial).
 */
export async function recordTrialStart(userId: string, slug: TrialModuleSlug): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase
    .from('module_unlocks')
    .insert({ user_id: userId, module_name: slug });
  if (error && error.code !== duplicateKey) throw error;
}

export function trialStartMutation() {
  return mutationOptions({
    mutationFn: ({ userId, slug }: { userId: string; slug: TrialModuleSlug }) =>
      recordTrialStart(userId, slug),
    meta: { errorMessage: 'Error recording module access:' },
  });
}

/**
 * Checks a module password with the server's unlock_module function, which also records the unlock;
 * resolves to whether it was accepted, and throws when the check itself fails. The accepted
 * passwords exist only as hashes in the database; nothing here knows them.
 */
export async function unlockModule(slug: string, password: string): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('unlock_module', { slug, password });
  if (error) throw error;
  if (!isUnlockAnswer(data))
    throw new Error(`Unexpected answer from unlock_module: ${JSON.stringify(data)}`);
  // A wrong password is the user's answer, not a fault: a warning, not an error.
  if (!data.unlocked) logger.warn(`Incorrect password for module "${slug}".`);
  return data.unlocked;
}

function isUnlockAnswer(data: unknown): data is { unlocked: boolean } {
  return (
    typeof data === 'object' &&
    data !== null &&
    'unlocked' in data &&
    typeof data.unlocked === 'boolean'
  );
}

export function unlockModuleMutation() {
  return mutationOptions({
    mutationFn: ({ slug, password }: { slug: string; password: string }) =>
      unlockModule(slug, password),
    meta: { errorMessage: 'Error unlocking module:' },
  });
}

export type UnlockResult =
  | { outcome: 'unlocked' }
  | { outcome: 'incorrect' }
  /** The server refused: `message` is for the user. */
  | { outcome: 'failed'; message: string };

const genericFailure = 'Something went wrong. Please try again.';

// Errors whose server message is written for the user (supabase/migrations, unlock_module): being
// told to wait after too many attempts, or to sign in again, helps more than "something went wrong".
const userFacingCodes = new Set(['PT429', '42501']);

/** A settled password check as the unlock form shows it. */
export function unlockResult(check: Promise<boolean>): Promise<UnlockResult> {
  return check.then(
    (unlocked): UnlockResult => ({ outcome: unlocked ? 'unlocked' : 'incorrect' }),
    (error: unknown): UnlockResult => ({
      outcome: 'failed',
      message: isUserFacing(error) ? error.message : genericFailure,
    }),
  );
}

function isUserFacing(error: unknown): error is { code: string; message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    userFacingCodes.has(error.code) &&
    'message' in error &&
    typeof error.message === 'string'
  );
}
