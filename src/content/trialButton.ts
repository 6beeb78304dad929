/**
 * The trial button's labels (SPEC.md section 4). Apart from the rest of the trial copy because the
 * button sits on marketing pages, whose first download must stay small.
 */
export const trialButtonLabels = {
  checking: 'Loading...',
  active: 'View your Trial Training Library',
  /** The Revolve 360 landing page, /training-library (DESIGN.md's "home variant"). */
  homeVariant: 'Access our VR Training Free for 30 days',
  standard: 'Access the 30-Day Free Training Library Trial',
} as const;

export type TrialButtonWording = 'homeVariant' | 'standard';
