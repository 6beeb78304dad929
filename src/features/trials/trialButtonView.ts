import { trialButtonLabels, type TrialButtonWording } from '@/content/trialButton';

export type TrialButtonAction = 'none' | 'open-library' | 'sign-up' | 'request';

export interface TrialButtonView {
  label: string;
  action: TrialButtonAction;
}

/**
 * The trial button's label and action (SPEC.md section 4): nothing while the session or the trial
 * status is being checked; the trial library when active; the trial sign-up page for visitors;
 * otherwise a trial request.
 */
export function trialButtonView(
  state: { checking: boolean; signedIn: boolean; active: boolean },
  wording: TrialButtonWording,
): TrialButtonView {
  if (state.checking) return { label: trialButtonLabels.checking, action: 'none' };
  if (state.signedIn && state.active)
    return { label: trialButtonLabels.active, action: 'open-library' };
  const label = trialButtonLabels[wording];
  return { label, action: state.signedIn ? 'request' : 'sign-up' };
}
