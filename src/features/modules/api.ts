import { mutationOptions } from '@tanstack/react-query';
import type { TrialModuleSlug } from '@/content/modules';
import { unlockCopy } from '@/content/trainingAccess';
import { loadSupabase } from '@/lib/loadSupabase';
import { logger } from '@/lib/logger';

/**
 * Records that a trial user started a trial module (a module_unlocks row). Starting it again is
 * a success: the row already exists, and the insert ignores it (no 409 to log). Throws when the
 * backend refuses (e.g. no active trial).
 */
export async function recordTrialStart(userId: string, slug: TrialModuleSlug): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase
    .from('module_unlocks')
    .upsert(
      { user_id: userId, module_name: slug },
      { onConflict: 'user_id,module_name', ignoreDuplicates: true },
    );
  if (error) throw error;
}

export function trialStartMutation() {
  return mutationOptions({
    mutationFn: ({ userId, slug }: { userId: string; slug: TrialModuleSlug }) =>
      recordTrialStart(userId, slug),
    meta: { errorMessage: 'Error recording module access:' },
  });
}

/** What unlock_module answers: the grant that opened the module, or why it stayed shut. */
export type UnlockAnswer =
  | { unlocked: true; grant: 'trial' | 'access_code' | null }
  | { unlocked: false; reason: string; message: string | null };

/**
 * Checks a trial password or an organisation's access code with the server's unlock_module
 * function, which also records the unlock; resolves to its answer, and throws when the check itself
 * fails. The accepted passwords and codes exist only as hashes in the database; nothing here knows
 * them.
 */
export async function unlockModule(slug: string, password: string): Promise<UnlockAnswer> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('unlock_module', { slug, password });
  if (error) throw error;
  const answer = readUnlockAnswer(data);
  if (!answer) throw new Error(`Unexpected answer from unlock_module: ${JSON.stringify(data)}`);
  // A refusal is the user's answer, not a fault: a warning, not an error.
  if (!answer.unlocked) logger.warn(`Module "${slug}" not unlocked: ${answer.reason}.`);
  return answer;
}

function readUnlockAnswer(data: unknown): UnlockAnswer | undefined {
  if (typeof data !== 'object' || data === null || !('unlocked' in data)) return undefined;
  const field = (name: string): unknown => (data as Record<string, unknown>)[name];
  const text = (name: string) => {
    const value = field(name);
    return typeof value === 'string' ? value : null;
  };
  if (data.unlocked === true) {
    const grant = field('grant');
    return { unlocked: true, grant: grant === 'trial' || grant === 'access_code' ? grant : null };
  }
  if (data.unlocked === false)
    return { unlocked: false, reason: text('reason') ?? 'incorrect', message: text('message') };
  return undefined;
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
  /** Refused: `message` is for the user (SPEC.md's wording for a wrong password, else the server's). */
  | { outcome: 'refused'; reason: string; message: string }
  /** The check failed: `message` is for the user. */
  | { outcome: 'failed'; message: string };

const { incorrectPassword, somethingWentWrong: genericFailure } = unlockCopy;

// Errors whose server message is written for the user (supabase/migrations, unlock_module): being
// told to wait after too many attempts, or to sign in again, helps more than "something went wrong".
const userFacingCodes = new Set(['PT429', '42501']);

/** A settled check as the unlock form shows it. */
export function unlockResult(check: Promise<UnlockAnswer>): Promise<UnlockResult> {
  return check.then(
    (answer): UnlockResult =>
      answer.unlocked
        ? { outcome: 'unlocked' }
        : { outcome: 'refused', reason: answer.reason, message: refusalMessage(answer) },
    (error: unknown): UnlockResult => ({
      outcome: 'failed',
      message: isUserFacing(error) ? error.message : genericFailure,
    }),
  );
}

/**
 * A wrong password or code reads as SPEC.md has it; every other refusal (a trial not yet active or
 * ended, a code expired, revoked, full or not covering this module) in the server's own words,
 * which are written for the user.
 */
function refusalMessage({ reason, message }: { reason: string; message: string | null }): string {
  if (reason === 'incorrect') return incorrectPassword;
  return message ?? genericFailure;
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
