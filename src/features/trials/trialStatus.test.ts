import { describe, expect, it } from 'vitest';
import { deriveTrialStatus, noTrial, type TrialRows } from './trialStatus';

const now = new Date('2026-11-22T12:00:00Z');
const none: TrialRows = { active: null, expired: null, pending: null };
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('deriveTrialStatus', () => {
  it('is active with the end date and the days remaining while expires_at is in the future', () => {
    const status = deriveTrialStatus(
      { ...none, active: { status: 'active', expires_at: inDays(30) } },
      now,
    );
    expect(status).toEqual({
      state: 'active',
      active: true,
      endDate: inDays(30),
      daysRemaining: 30,
      expiringSoon: false,
      canRetrial: false,
    });
  });

  it('warns when fewer than 7 days remain, not at exactly 7', () => {
    const at = (days: number) =>
      deriveTrialStatus({ ...none, active: { status: 'active', expires_at: inDays(days) } }, now);
    expect(at(7)).toMatchObject({ daysRemaining: 7, expiringSoon: false });
    expect(at(6.5)).toMatchObject({ daysRemaining: 7, expiringSoon: false });
    expect(at(6)).toMatchObject({ daysRemaining: 6, expiringSoon: true });
    expect(at(0.01)).toMatchObject({ daysRemaining: 1, expiringSoon: true, active: true });
  });

  it('is not active once expires_at has passed, even with status active', () => {
    const status = deriveTrialStatus(
      { ...none, active: { status: 'active', expires_at: inDays(-0.001) } },
      now,
    );
    expect(status).toMatchObject({ state: 'expired', active: false, canRetrial: false });
  });

  it('is not active exactly at expires_at', () => {
    const status = deriveTrialStatus(
      { ...none, active: { status: 'active', expires_at: now.toISOString() } },
      now,
    );
    expect(status.active).toBe(false);
  });

  it('reads the re-trial flag from an expired trial', () => {
    const expired = (canRetrial: boolean) =>
      deriveTrialStatus(
        { ...none, expired: { can_retrial: canRetrial, expired_at: inDays(-2) } },
        now,
      );
    expect(expired(true)).toMatchObject({ state: 'expired', canRetrial: true, active: false });
    expect(expired(false)).toMatchObject({ state: 'expired', canRetrial: false });
  });

  it('shows a request awaiting approval before an old expired trial', () => {
    const status = deriveTrialStatus(
      {
        active: null,
        expired: { can_retrial: true, expired_at: inDays(-40) },
        pending: { id: 'p1' },
      },
      now,
    );
    expect(status).toMatchObject({ state: 'pending', active: false });
  });

  it('is no trial without rows', () => {
    expect(deriveTrialStatus(none, now)).toEqual(noTrial);
  });
});
