/**
 * Each page's title, heading and lead text. The title is the page's own part of the document title;
 * the head module appends the site name. Search descriptions are in ./pageDescriptions.ts.
 */
export interface PageCopy {
  title: string;
  heading: string;
  intro: string;
}

/**
 * A signed-in or account page: only its title is needed by every page (for the document title);
 * its heading and lead text load with the page, from the feature's copy (./accountPages.ts,
 * ./trial.ts, ./admin.ts).
 */
export interface PageTitle {
  title: string;
}

export const pageCopy = {
  home: {
    title: 'Immersive VR Training for Healthcare',
    heading: 'Immersive VR Training',
    intro:
      'Realistic, expert-led scenarios that let clinicians and practice teams rehearse the moments that matter, safely and at their own pace.',
  },
  about: {
    title: 'About Us',
    heading: 'About Revolve',
    intro:
      'We make immersive training that healthcare teams trust, built with the educators and clinicians who use it.',
  },
  studio: {
    title: 'Revolve Studio',
    heading: 'Revolve Studio',
    intro:
      'Podcast production, creative video production, green-screen filming and motion graphics, from the team behind our training.',
  },
  surgicalTraining: {
    title: 'Revolve VR: Surgical, Specialist and Digital Twin VR',
    heading: 'Revolve VR',
    intro:
      'Step into the operating theatre with leading surgeons, learn from specialists in expert-led VR, and explore digital twins of real facilities.',
  },
  solutions: {
    title: 'Solutions',
    heading: 'Our Solutions',
    intro:
      'From a ready-made 360 training library to bespoke VR and studio production, choose the format that fits your learners.',
  },
  insights: {
    title: 'Insights & Research',
    heading: 'Insights & Research',
    intro:
      'What the evidence says about immersive learning, and what we have seen with the teams we work with.',
  },
  contact: {
    title: 'Contact Us',
    heading: 'Contact Us',
    intro:
      'Tell us about your learners and what you would like them to practise. We reply within one working day.',
  },
  login: { title: 'Sign In' },
  signup: { title: 'Create an Account' },
  forgotPassword: { title: 'Reset Your Password' },
  changePassword: { title: 'Set a New Password' },
  dashboard: { title: 'Dashboard' },
  admin: { title: 'Admin Dashboard' },
  trainingLibrary: {
    title: 'Revolve 360 Training Library',
    heading: 'Revolve 360',
    intro:
      'Ten immersive 360-degree modules, filmed in real practices with the clinicians and patients who know these moments best.',
  },
  trialLibrary: { title: 'Trial Training Library' },
  trialSignup: { title: 'Start Your Free Trial' },
  trialConfirmation: { title: 'Trial Requested' },
  trialAccess: {
    title: 'How Trial Access Works',
    heading: 'How trial access works',
    intro: 'Four steps from here to your first module, free for 30 days.',
  },
  bookDemo: {
    title: 'Book a Demo',
    heading: 'Register your interest',
    intro: 'Tell us which modules interest you and we will arrange a demonstration for your team.',
  },
  howItWorks: {
    title: 'How It Works',
    heading: 'How It Works',
    intro: 'Four steps take a learning need to immersive training your team can use anywhere.',
  },
  howItWorksRevolveVr: {
    title: 'How Revolve VR Is Made',
    heading: 'How Revolve VR is made',
    intro:
      'A ten-step pipeline takes a single VR scenario from first conversation to headset in 6-10 weeks.',
  },
  howItWorksRevolve360: {
    title: 'How Revolve 360 Is Made',
    heading: 'How Revolve 360 is made',
    intro:
      'A nine-step pipeline takes a single 360 module from first conversation to launch in 4-6 weeks.',
  },
  revolveCustom: {
    title: 'Revolve Custom: Bespoke Training',
    heading: 'Revolve Custom',
    intro:
      'Bespoke immersive training, built with you in four steps: consultation, production, integration and support.',
  },
  terms: {
    title: 'Terms and Conditions',
    heading: 'Terms and Conditions',
    intro: 'Please read these terms carefully before using our website and training.',
  },
  unlock: {
    title: 'Unlock Training',
    heading: 'Unlock training',
    intro: 'Enter the password you were given to open this module.',
  },
  notFound: {
    title: 'Page Not Found',
    heading: 'Oops! Page not found',
    intro: 'The page you were looking for has moved or never existed.',
  },
} satisfies Record<string, PageCopy | PageTitle>;

export type PageKey = keyof typeof pageCopy;
