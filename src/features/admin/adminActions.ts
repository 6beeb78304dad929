import { FunctionsHttpError } from '@supabase/supabase-js';
import { loadSupabase } from '@/lib/loadSupabase';

/**
 * The admin actions. Each resolves to null on success or to the server's message (when it gave
 * one) on failure; the page turns that into SPEC.md's toasts.
 */
export type ActionResult = { ok: true } | { ok: false; message: string | null };

const done: ActionResult = { ok: true };

async function serverMessage(error: unknown): Promise<string | null> {
  if (error instanceof FunctionsHttpError) {
    try {
      const body = (await (error.context as Response).json()) as { error?: unknown };
      return typeof body.error === 'string' ? body.error : null;
    } catch {
      return null;
    }
  }
  return error instanceof Error && error.message ? error.message : null;
}

async function invoke(name: string, body: Record<string, unknown>): Promise<ActionResult> {
  const supabase = await loadSupabase();
  const { error } = await supabase.functions.invoke(name, { body });
  return error ? { ok: false, message: await serverMessage(error) } : done;
}

export function approveTrial(trialId: string, email: string) {
  return invoke('approve-trial', { trial_id: trialId, email });
}

export function expireTrial(trialId: string, canRetrial: boolean) {
  return invoke('expire-trial', { trial_id: trialId, can_retrial: canRetrial });
}

export function grantAdminRole(email: string) {
  return invoke('grant-admin-role', { user_email: email });
}

/** The trial-activated e-mail, sent to the fixed test recipient with these details. */
export function sendTestTrialEmail(details: { email: string; name: string; expiresAt: string }) {
  return invoke('send-trial-activated', {
    email: details.email,
    name: details.name,
    expires_at: details.expiresAt,
  });
}

export async function rejectTrial(trialId: string): Promise<ActionResult> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('pending_trials')
    .update({ status: 'rejected' })
    .eq('id', trialId)
    .eq('status', 'pending')
    .select('id');
  if (error) return { ok: false, message: error.message };
  // No row changed: it was no longer pending (approved, rejected or withdrawn meanwhile).
  return data.length === 1 ? done : { ok: false, message: null };
}

export async function deleteActiveTrial(trialId: string): Promise<ActionResult> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('delete_active_trial', { trial_id: trialId });
  return error ? { ok: false, message: error.message } : done;
}

/** The grant form's check (SPEC.md section 5): not empty and containing an at-sign. */
export function isGrantableEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.includes('@');
}
