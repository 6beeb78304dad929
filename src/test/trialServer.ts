import { supabaseFake } from './supabaseFake';

/** The rows behind a user's trial status, and the trial password, as the server holds them. */
export interface TrialServer {
  active?: { expires_at: string; status: string } | null;
  expired?: { can_retrial: boolean; expired_at: string } | null;
  pending?: { id: string } | null;
  password?: string | null;
}

/** The server answers the trial status reads and the trial password with `server` (none: no trial). */
export function answerTrial({
  active = null,
  expired = null,
  pending = null,
  password = null,
}: TrialServer = {}): void {
  supabaseFake.answer('from:active_trial_users', { data: active });
  supabaseFake.answer('from:expired_trials', { data: expired });
  supabaseFake.answer('from:pending_trials', { data: pending });
  supabaseFake.answer('rpc:trial_password', { data: password });
}

export const activeTrial = { expires_at: '2099-01-01T00:00:00Z', status: 'active' };
