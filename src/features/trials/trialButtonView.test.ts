import { describe, expect, it } from 'vitest';
import { trialButtonView } from './trialButtonView';

describe('trialButtonView', () => {
  it('reads Loading... and does nothing while checking', () => {
    for (const signedIn of [false, true])
      expect(trialButtonView({ checking: true, signedIn, active: false }, 'standard')).toEqual({
        label: 'Loading...',
        action: 'none',
      });
  });

  it('opens the trial library when the trial is active', () => {
    expect(
      trialButtonView({ checking: false, signedIn: true, active: true }, 'homeVariant'),
    ).toEqual({ label: 'View your Trial Training Library', action: 'open-library' });
  });

  it('sends visitors to the trial sign-up page, worded for the page', () => {
    expect(
      trialButtonView({ checking: false, signedIn: false, active: false }, 'standard'),
    ).toEqual({ label: 'Access the 30-Day Free Training Library Trial', action: 'sign-up' });
    expect(
      trialButtonView({ checking: false, signedIn: false, active: false }, 'homeVariant'),
    ).toEqual({ label: 'Access our VR Training Free for 30 days', action: 'sign-up' });
  });

  it('requests a trial for a signed-in user without an active one', () => {
    expect(trialButtonView({ checking: false, signedIn: true, active: false }, 'standard')).toEqual(
      { label: 'Access the 30-Day Free Training Library Trial', action: 'request' },
    );
  });
});
