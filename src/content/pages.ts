/**
 * Each page's heading, lead text and search metadata. The title here is the page's own part of the
 * document title; the head module appends the site name.
 */
export interface PageCopy {
  title: string;
  description: string;
  heading: string;
  intro: string;
}

export const pageCopy = {
  home: {
    title: 'Immersive VR Training for Healthcare',
    description:
      'Immersive VR and 360-degree training for healthcare staff and medical educators. Try the Revolve 360 training library free for 30 days.',
    heading: 'Immersive VR Training',
    intro:
      'Realistic, expert-led scenarios that let clinicians and practice teams rehearse the moments that matter, safely and at their own pace.',
  },
  about: {
    title: 'About Us',
    description:
      'Revolve brings educators, technologists and designers together to make immersive training that healthcare teams trust.',
    heading: 'About Revolve',
    intro:
      'We make immersive training that healthcare teams trust, built with the educators and clinicians who use it.',
  },
  studio: {
    title: 'Revolve Studio',
    description:
      'Podcast production, creative video, green-screen filming and motion graphics from the Revolve creative studio.',
    heading: 'Revolve Studio',
    intro:
      'Podcast production, creative video production, green-screen filming and motion graphics, from the team behind our training.',
  },
  surgicalTraining: {
    title: 'Revolve VR: Surgical, Specialist and Digital Twin VR',
    description:
      'Immersive operating-theatre training with leading surgeons, expert-led specialist VR and digital twins of your facilities and devices.',
    heading: 'Revolve VR',
    intro:
      'Step into the operating theatre with leading surgeons, learn from specialists in expert-led VR, and explore digital twins of real facilities.',
  },
  solutions: {
    title: 'Solutions',
    description:
      'Revolve VR, Revolve 360, Revolve Custom and Revolve Studio: every way Revolve helps healthcare teams learn.',
    heading: 'Our Solutions',
    intro:
      'From a ready-made 360 training library to bespoke VR and studio production, choose the format that fits your learners.',
  },
  insights: {
    title: 'Insights & Research',
    description:
      'What the research says about immersive training: better retention, faster competency and case studies from medical education.',
    heading: 'Insights & Research',
    intro:
      'What the evidence says about immersive learning, and what we have seen with the teams we work with.',
  },
  contact: {
    title: 'Contact Us',
    description:
      'Get in touch with Revolve about immersive training, the Revolve 360 library or a studio project.',
    heading: 'Contact Us',
    intro:
      'Tell us about your learners and what you would like them to practise. We reply within one working day.',
  },
  login: {
    title: 'Sign In',
    description: 'Sign in to your Revolve account to open your training and trial library.',
    heading: 'Sign in',
    intro: 'Welcome back. Sign in to continue your training.',
  },
  signup: {
    title: 'Create an Account',
    description: 'Create a Revolve account to request a free 30-day trial of the training library.',
    heading: 'Create an account',
    intro: 'Create an account to request your free 30-day trial of the training library.',
  },
  forgotPassword: {
    title: 'Reset Your Password',
    description: 'Request a link to reset the password of your Revolve account.',
    heading: 'Reset your password',
    intro:
      'Enter the e-mail address of your account and we will send you a link to set a new password.',
  },
  changePassword: {
    title: 'Set a New Password',
    description: 'Choose a new password for your Revolve account.',
    heading: 'Set a new password',
    intro: 'Choose a new password for your account.',
  },
  dashboard: {
    title: 'Dashboard',
    description: 'Your Revolve account: trial status and training.',
    heading: 'Dashboard',
    intro: 'Your trial status and training in one place.',
  },
  admin: {
    title: 'Admin Dashboard',
    description: 'Review trial requests and manage users, module unlocks and admins.',
    heading: 'Admin Dashboard',
    intro: 'Review trial requests and manage users, module unlocks and admins.',
  },
  trainingLibrary: {
    title: 'Revolve 360 Training Library',
    description:
      'Ten 360-degree training modules for primary care, from dementia to conflict resolution. Access the library free for 30 days.',
    heading: 'Revolve 360',
    intro:
      'Ten immersive 360-degree modules, filmed in real practices with the clinicians and patients who know these moments best.',
  },
  trialLibrary: {
    title: 'Trial Training Library',
    description: 'The modules included in your Revolve 360 free trial.',
    heading: 'Your Trial Training Library',
    intro: 'Three modules from the Revolve 360 library, free for the 30 days of your trial.',
  },
  trialSignup: {
    title: 'Start Your Free Trial',
    description: 'Sign in to request your free 30-day trial of the Revolve 360 training library.',
    heading: 'Start your free trial',
    intro:
      'Sign in with your Revolve account to request 30 days of free access to the training library.',
  },
  trialConfirmation: {
    title: 'Trial Requested',
    description: 'Your Revolve 360 trial request has been received.',
    heading: 'Thanks for signing up!',
    intro: 'We have your trial request. You will get a notification as soon as it is approved.',
  },
  trialAccess: {
    title: 'How Trial Access Works',
    description:
      'Four steps to your free 30-day trial of the Revolve 360 training library: create an account, request a trial, get approved, start training.',
    heading: 'How trial access works',
    intro: 'Four steps from here to your first module, free for 30 days.',
  },
  bookDemo: {
    title: 'Book a Demo',
    description:
      'Register your interest and we will arrange a demonstration of Revolve training for your team.',
    heading: 'Register your interest',
    intro: 'Tell us which modules interest you and we will arrange a demonstration for your team.',
  },
  howItWorks: {
    title: 'How It Works',
    description: 'How Revolve makes immersive training: design, film, build and deploy.',
    heading: 'How It Works',
    intro: 'Four steps take a learning need to immersive training your team can use anywhere.',
  },
  howItWorksRevolveVr: {
    title: 'How Revolve VR Is Made',
    description:
      'Our ten-step VR pipeline, what you receive and a typical timeline of 6-10 weeks for a single VR scenario.',
    heading: 'How Revolve VR is made',
    intro:
      'A ten-step pipeline takes a single VR scenario from first conversation to headset in 6-10 weeks.',
  },
  howItWorksRevolve360: {
    title: 'How Revolve 360 Is Made',
    description:
      'Our nine-step 360 pipeline, what you receive and a typical timeline of 4-6 weeks for a single 360 module.',
    heading: 'How Revolve 360 is made',
    intro:
      'A nine-step pipeline takes a single 360 module from first conversation to launch in 4-6 weeks.',
  },
  revolveCustom: {
    title: 'Revolve Custom: Bespoke Training',
    description:
      'Bespoke immersive training built with you in four steps: consultation, production, integration and support.',
    heading: 'Revolve Custom',
    intro:
      'Bespoke immersive training, built with you in four steps: consultation, production, integration and support.',
  },
  terms: {
    title: 'Terms and Conditions',
    description:
      'The terms and conditions, privacy policy and cookie information for the Revolve website and training.',
    heading: 'Terms and Conditions',
    intro: 'Please read these terms carefully before using our website and training.',
  },
  unlock: {
    title: 'Unlock Training',
    description: 'Enter the module password to unlock the training.',
    heading: 'Unlock training',
    intro: 'Enter the password you were given to open this module.',
  },
  notFound: {
    title: 'Page Not Found',
    description: 'The page you were looking for could not be found.',
    heading: 'Oops! Page not found',
    intro: 'The page you were looking for has moved or never existed.',
  },
} satisfies Record<string, PageCopy>;
