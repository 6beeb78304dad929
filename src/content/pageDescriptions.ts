import type { PageKey } from './pages';

/**
 * Each page's search description (meta description and og:description). Kept apart from
 * src/content/pages.ts because only the prerendered HTML needs them on a first view: the browser
 * loads this module after an in-app navigation, so every page's first download is lighter.
 */
export const pageDescriptions: Record<PageKey, string> = {
  home: 'Immersive VR and 360-degree training for healthcare staff and medical educators. Try the Revolve 360 training library free for 30 days.',
  about:
    'Revolve brings educators, technologists and designers together to make immersive training that healthcare teams trust.',
  studio:
    'Podcast production, creative video, green-screen filming and motion graphics from the Revolve creative studio.',
  surgicalTraining:
    'Immersive operating-theatre training with leading surgeons, expert-led specialist VR and digital twins of your facilities and devices.',
  solutions:
    'Revolve VR, Revolve 360, Revolve Custom and Revolve Studio: every way Revolve helps healthcare teams learn.',
  insights:
    'What the research says about immersive training: better retention, faster competency and case studies from medical education.',
  contact:
    'Get in touch with Revolve about immersive training, the Revolve 360 library or a studio project.',
  login: 'Sign in to your Revolve account to open your training and trial library.',
  signup: 'Create a Revolve account to request a free 30-day trial of the training library.',
  forgotPassword: 'Request a link to reset the password of your Revolve account.',
  changePassword: 'Choose a new password for your Revolve account.',
  dashboard: 'Your Revolve account: trial status and training.',
  admin: 'Review trial requests and manage users, module unlocks and admins.',
  accessCodes: 'Issue, list and revoke organisation access codes for the training modules.',
  integrations:
    'Create, list and revoke the LRS clients through which tools and integrations send and read learning records.',
  adminCertificates: 'List the CPD certificates issued and revoke one issued in error.',
  adminOrganisations:
    "Create Revolve's customer organisations, set their seats and term, and invite their managers.",
  certificates:
    'Your CPD certificates: add a reflection, download the PDF and share the verification link.',
  invitations: 'Answer the invitations of organisations to join them on Revolve.',
  organisation:
    "Manage your organisation's training: invite staff, group them into cohorts, assign modules and follow completion.",
  verifyCertificate: 'Check that a Revolve CPD certificate is genuine and still valid by its code.',
  account:
    'Your Revolve account: your details, your sign-in, a copy of your data, and deleting your account.',
  accountSecurity: 'Set up two-factor sign-in with an authenticator app for your Revolve account.',
  trainingLibrary:
    'Ten 360-degree training modules for primary care, from dementia to conflict resolution. Access the library free for 30 days.',
  trialLibrary: 'The modules included in your Revolve 360 free trial.',
  trialSignup: 'Sign in to request your free 30-day trial of the Revolve 360 training library.',
  trialConfirmation: 'Your Revolve 360 trial request has been received.',
  trialAccess:
    'Four steps to your free 30-day trial of the Revolve 360 training library: create an account, request a trial, get approved, start training.',
  bookDemo:
    'Register your interest and we will arrange a demonstration of Revolve training for your team.',
  howItWorks: 'How Revolve makes immersive training: design, film, build and deploy.',
  howItWorksRevolveVr:
    'Our ten-step VR pipeline, what you receive and a typical timeline of 6-10 weeks for a single VR scenario.',
  howItWorksRevolve360:
    'Our nine-step 360 pipeline, what you receive and a typical timeline of 4-6 weeks for a single 360 module.',
  revolveCustom:
    'Bespoke immersive training built with you in four steps: consultation, production, integration and support.',
  terms:
    'The terms and conditions, privacy policy and cookie information for the Revolve website and training.',
  accessibility:
    'How accessible the Revolve website and training portal are against WCAG 2.2 AA, what is not yet accessible, and how to report a problem.',
  trust:
    'Where Revolve keeps data and who processes it, how it is protected, and our DTAC, DSPT, Cyber Essentials and clinical safety status.',
  unlock: 'Enter your trial password or access code to unlock the training.',
  notFound: 'The page you were looking for could not be found.',
};
