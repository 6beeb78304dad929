import { loadSupabase } from '@/lib/loadSupabase';
import { logger } from '@/lib/logger';

export type UnlockResult =
  | { outcome: 'unlocked' }
  | { outcome: 'incorrect' }
  /** The server refused: `message` is for the user. */
  | { outcome: 'failed'; message: string };

const genericFailure = 'Something went wrong. Please try again.';

// Errors whose server message is written for the user (supabase/migrations, unlock_module): being
// told to wait after too many attempts, or to sign in again, helps more than "something went wrong".
const userFacingCodes = new Set(['PT429', '42501']);

/**
 * Checks a module password with the server's unlock_module function, which also records the unlock.
 * The accepted passwords exist only as hashes in the database; nothing here knows them.
 */
export async function unlockModule(slug: string, password: string): Promise<UnlockResult> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.rpc('unlock_module', { slug, password });
    if (error) {
      logger.error('Error unlocking module:', error);
      return {
        outcome: 'failed',
        message: userFacingCodes.has(error.code) ? error.message : genericFailure,
      };
    }
    if (isUnlockAnswer(data)) {
      // A wrong password is the user's answer, not a fault: a warning, not an error.
      if (!data.unlocked) logger.warn(`Incorrect password for module "${slug}".`);
      return { outcome: data.unlocked ? 'unlocked' : 'incorrect' };
    }
    logger.error('Unexpected answer from unlock_module:', data);
    return { outcome: 'failed', message: genericFailure };
  } catch (error) {
    logger.error('Error unlocking module:', error);
    return { outcome: 'failed', message: genericFailure };
  }
}

function isUnlockAnswer(data: unknown): data is { unlocked: boolean } {
  return (
    typeof data === 'object' &&
    data !== null &&
    'unlocked' in data &&
    typeof data.unlocked === 'boolean'
  );
}
