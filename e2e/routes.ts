import { modules } from '../src/content/modules';

/** Every path of the route table (SPEC.md section 2 and DESIGN.md section 1) with the heading it shows. */
export interface RouteExpectation {
  path: string;
  heading: string;
  /** Prerendered: the HTML served for the path already holds the heading. */
  prerendered: boolean;
  /** Protected: signed out, the guard sends the visitor to the login page. */
  access?: 'signed-in' | 'admin';
  /** Where a signed-in user lands instead (the account forms send them on). */
  whenSignedIn?: { path: string; heading: string };
  /** A public page that shows a signed-in user more than another header (a trial button, a form). */
  personal?: true;
}

const moduleRoutes: RouteExpectation[] = (
  [
    'dementia',
    'home-visits',
    'womens-health',
    'social-justice',
    'chronic-pain',
    'advanced-dementia',
    'conflict-resolution',
    'rural-minds',
    'group-menopause',
    'group-diabetes',
  ] as const
).map((slug) => ({ path: `/modules/${slug}`, heading: modules[slug].title, prerendered: true }));

export const routeExpectations: RouteExpectation[] = [
  { path: '/', heading: 'Immersive VR Training', prerendered: true, personal: true },
  { path: '/about', heading: 'About Revolve', prerendered: true },
  { path: '/studio', heading: 'Revolve Studio', prerendered: true },
  { path: '/surgical-training', heading: 'Revolve VR', prerendered: true },
  { path: '/solutions', heading: 'Our Solutions', prerendered: true },
  { path: '/insights', heading: 'Insights & Research', prerendered: true },
  { path: '/contact', heading: 'Contact Us', prerendered: true },
  {
    path: '/login',
    heading: 'Sign in',
    prerendered: true,
    whenSignedIn: { path: '/', heading: 'Immersive VR Training' },
  },
  {
    path: '/signup',
    heading: 'Create an account',
    prerendered: true,
    whenSignedIn: { path: '/dashboard', heading: 'Dashboard' },
  },
  { path: '/forgot-password', heading: 'Reset your password', prerendered: true },
  {
    path: '/change-password',
    heading: 'Set a new password',
    prerendered: false,
    access: 'signed-in',
  },
  { path: '/dashboard', heading: 'Dashboard', prerendered: false, access: 'signed-in' },
  { path: '/admin', heading: 'Admin Dashboard', prerendered: false, access: 'admin' },
  { path: '/admin/access-codes', heading: 'Access Codes', prerendered: false, access: 'admin' },
  { path: '/admin/integrations', heading: 'Integrations', prerendered: false, access: 'admin' },
  { path: '/account', heading: 'Your account', prerendered: false, access: 'signed-in' },
  {
    path: '/account/security',
    heading: 'Account security',
    prerendered: false,
    access: 'signed-in',
  },
  { path: '/admin/leads', heading: 'Leads', prerendered: false, access: 'admin' },
  { path: '/admin/activity', heading: 'Activity', prerendered: false, access: 'admin' },
  { path: '/admin/certificates', heading: 'Certificates', prerendered: false, access: 'admin' },
  { path: '/admin/organisations', heading: 'Organisations', prerendered: false, access: 'admin' },
  { path: '/certificates', heading: 'My certificates', prerendered: false, access: 'signed-in' },
  { path: '/organisation', heading: 'Your organisation', prerendered: false, access: 'signed-in' },
  { path: '/invitations', heading: 'Invitations', prerendered: false, access: 'signed-in' },
  { path: '/verify', heading: 'Check a certificate', prerendered: false },
  // A code nobody holds: the check says so (e2e/certificates.spec.ts checks real ones).
  { path: '/verify/ABCD2345EFGH', heading: 'Check a certificate', prerendered: false },
  { path: '/training-library', heading: 'Revolve 360', prerendered: true, personal: true },
  {
    path: '/training-library-trial',
    heading: 'Your Trial Training Library',
    prerendered: false,
    access: 'signed-in',
  },
  { path: '/trial-signup', heading: 'Start your free trial', prerendered: true, personal: true },
  {
    path: '/trial-signup/confirmation',
    heading: 'Thanks for signing up!',
    prerendered: false,
    access: 'signed-in',
  },
  { path: '/trial-access', heading: 'How trial access works', prerendered: true, personal: true },
  // The unlock page sends visitors to the login page itself, as the guard would.
  { path: '/unlock/dementia', heading: 'Dementia', prerendered: false, access: 'signed-in' },
  ...moduleRoutes,
  { path: '/rural-minds', heading: 'Rural Minds', prerendered: true },
  {
    path: '/modules/trial/dementia',
    heading: 'Dementia',
    prerendered: false,
    access: 'signed-in',
  },
  {
    path: '/modules/trial/womens-health',
    heading: "Women's Health",
    prerendered: false,
    access: 'signed-in',
  },
  {
    path: '/modules/trial/conflict-resolution',
    heading: 'Conflict Resolution',
    prerendered: false,
    access: 'signed-in',
  },
  { path: '/book-demo', heading: 'Register your interest', prerendered: true },
  { path: '/how-it-works', heading: 'How It Works', prerendered: true },
  { path: '/how-it-works-revolvevr', heading: 'How Revolve VR is made', prerendered: true },
  { path: '/how-it-works-revolve360', heading: 'How Revolve 360 is made', prerendered: true },
  { path: '/revolve-custom', heading: 'Revolve Custom', prerendered: true },
  { path: '/bespoke', heading: 'Revolve Custom', prerendered: true },
  { path: '/terms-and-conditions', heading: 'Terms and Conditions', prerendered: true },
  { path: '/accessibility', heading: 'Accessibility statement', prerendered: true },
  { path: '/trust', heading: 'Security and data protection', prerendered: true },
];
