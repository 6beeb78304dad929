export interface HeroAction {
  label: string;
  to: string;
  variant: 'default' | 'outline' | 'secondary';
}

export const homeHeroActions: HeroAction[] = [
  { label: 'Explore Modules', to: '/training-library', variant: 'default' },
  // The trial button's label and action depend on the visitor's trial state once trials land;
  // signed out it always leads to /trial-signup.
  {
    label: 'Access the 30-Day Free Training Library Trial',
    to: '/trial-signup',
    variant: 'secondary',
  },
  { label: 'See How It Works', to: '/how-it-works#hero', variant: 'outline' },
];
