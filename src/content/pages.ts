/**
 * Each page's title: its own part of the document title (the head module appends the site name).
 * The route table reads every title, so this module ships with the app shell: a page's heading and
 * lead text live with the rest of its copy (its own content module), loaded with the page. Search
 * descriptions are in ./pageDescriptions.ts.
 */
export interface PageCopy {
  title: string;
  heading: string;
  intro: string;
}

/** A page's heading and lead text, kept in the page's own content module. */
export type PageHeroCopy = Omit<PageCopy, 'title'>;

/**
 * A signed-in or account page: only its title is needed by every page (for the document title);
 * its heading and lead text load with the page, from the feature's copy (./accountPages.ts,
 * ./trial.ts, ./admin.ts).
 */
export interface PageTitle {
  title: string;
}

export const pageCopy = {
  home: { title: 'Immersive VR Training for Healthcare' },
  about: { title: 'About Us' },
  studio: { title: 'Revolve Studio' },
  surgicalTraining: { title: 'Revolve VR: Surgical, Specialist and Digital Twin VR' },
  solutions: { title: 'Solutions' },
  insights: { title: 'Insights & Research' },
  contact: { title: 'Contact Us' },
  login: { title: 'Sign In' },
  signup: { title: 'Create an Account' },
  forgotPassword: { title: 'Reset Your Password' },
  changePassword: { title: 'Set a New Password' },
  dashboard: { title: 'Dashboard' },
  admin: { title: 'Admin Dashboard' },
  accessCodes: { title: 'Access Codes' },
  integrations: { title: 'Integrations' },
  adminCertificates: { title: 'Certificates' },
  adminOrganisations: { title: 'Organisations' },
  certificates: { title: 'My Certificates' },
  organisation: { title: 'Your Organisation' },
  invitations: { title: 'Invitations' },
  verifyCertificate: { title: 'Check a Certificate' },
  account: { title: 'Your Account' },
  accountSecurity: { title: 'Account Security' },
  trainingLibrary: { title: 'Revolve 360 Training Library' },
  trialLibrary: { title: 'Trial Training Library' },
  trialSignup: { title: 'Start Your Free Trial' },
  trialConfirmation: { title: 'Trial Requested' },
  trialAccess: { title: 'How Trial Access Works' },
  bookDemo: { title: 'Book a Demo' },
  howItWorks: { title: 'How It Works' },
  howItWorksRevolveVr: { title: 'How Revolve VR Is Made' },
  howItWorksRevolve360: { title: 'How Revolve 360 Is Made' },
  revolveCustom: { title: 'Revolve Custom: Bespoke Training' },
  terms: { title: 'Terms and Conditions' },
  accessibility: { title: 'Accessibility Statement' },
  trust: { title: 'Security and Data Protection' },
  unlock: { title: 'Unlock Training' },
  notFound: { title: 'Page Not Found' },
} satisfies Record<string, PageCopy | PageTitle>;

export type PageKey = keyof typeof pageCopy;
