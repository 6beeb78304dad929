import { describe, expect, it } from 'vitest';
import { trialRequestFailureToast } from './trialRequestMessages';

describe('trialRequestFailureToast', () => {
  it('shows nothing when the request was filed', () => {
    expect(trialRequestFailureToast({ outcome: 'requested' }, 'button')).toBeNull();
  });

  it('says a duplicate request is already awaiting approval, from either place', () => {
    for (const source of ['button', 'signup-form'] as const)
      expect(trialRequestFailureToast({ outcome: 'already-requested' }, source)).toEqual({
        title: 'Already Requested',
        description: 'You have already submitted a trial request. Please wait for admin approval.',
      });
  });

  it('names a missing profile', () => {
    expect(trialRequestFailureToast({ outcome: 'no-profile', error: {} }, 'button')).toEqual({
      title: 'Error',
      description: 'Could not fetch user profile',
    });
  });

  it('words other failures for the button and for the sign-up form', () => {
    const failed = { outcome: 'failed', error: { message: 'new row violates policy' } } as const;
    expect(trialRequestFailureToast(failed, 'button')).toEqual({
      title: 'Error',
      description: 'Failed to submit trial request',
    });
    expect(trialRequestFailureToast(failed, 'signup-form')).toEqual({
      title: 'Submission Failed',
      description: 'new row violates policy',
    });
    expect(trialRequestFailureToast({ outcome: 'failed', error: {} }, 'signup-form')).toEqual({
      title: 'Submission Failed',
      description: 'Failed to submit trial request. Please try again.',
    });
  });
});
