import { loadSupabase } from '@/lib/loadSupabase';
import type { TrialModuleSlug } from '@/content/modules';

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
