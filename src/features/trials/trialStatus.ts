import { daysRemaining, isExpiringSoon } from '@/lib/trialDates';

/** The rows the trial status is read from (SPEC.md section 7, "Trial status" and "Re-trial"). */
export interface TrialRows {
  active: { expires_at: string; status: string } | null;
  expired: { can_retrial: boolean; expired_at: string } | null;
  pending: { id: string } | null;
}

export type TrialState = 'active' | 'pending' | 'expired' | 'none';

/** The signed-in user's trial, as every trial screen shows it. */
export interface TrialStatus {
  state: TrialState;
  /** Active only when the status is active and expires_at lies in the future. */
  active: boolean;
  /** The active trial's end (expires_at); null unless active. */
  endDate: string | null;
  daysRemaining: number;
  expiringSoon: boolean;
  /** An expired trial whose user may request another. */
  canRetrial: boolean;
}

export const noTrial: TrialStatus = {
  state: 'none',
  active: false,
  endDate: null,
  daysRemaining: 0,
  expiringSoon: false,
  canRetrial: false,
};

/**
 * Decides the state: an active trial first, then a request awaiting approval, then an ended trial
 * (moved to expired_trials, or past its end but not yet moved by the nightly job).
 */
export function deriveTrialStatus(rows: TrialRows, now: Date = new Date()): TrialStatus {
  const { active, expired, pending } = rows;
  if (active?.status === 'active' && new Date(active.expires_at).getTime() > now.getTime()) {
    return {
      ...noTrial,
      state: 'active',
      active: true,
      endDate: active.expires_at,
      daysRemaining: daysRemaining(active.expires_at, now),
      expiringSoon: isExpiringSoon(active.expires_at, now),
    };
  }
  if (pending) return { ...noTrial, state: 'pending' };
  if (expired || active)
    return { ...noTrial, state: 'expired', canRetrial: !!expired?.can_retrial };
  return noTrial;
}
