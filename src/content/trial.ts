/** The trial screens' copy: SPEC.md's strings, quoted exactly, and the text around them. */
export const trialCopy = {
  thankYou: {
    title: 'Thank You!',
    description:
      'Thank you for signing up for the trial. A notification will arrive once your access has been approved.',
    detailsLink: 'See your trial details',
  },
  toasts: {
    alreadyRequested: {
      title: 'Already Requested',
      description: 'You have already submitted a trial request. Please wait for admin approval.',
    },
    noProfile: { title: 'Error', description: 'Could not fetch user profile' },
    requestFailed: { title: 'Error', description: 'Failed to submit trial request' },
    loginFailed: { title: 'Login Failed', fallback: 'Invalid email or password.' },
    validation: { title: 'Validation Error' },
    submissionFailed: {
      title: 'Submission Failed',
      fallback: 'Failed to submit trial request. Please try again.',
    },
    noUser: { title: 'Failed to get user data' },
    signInForLibrary: {
      title: 'Access denied',
      description: 'Please sign in to access the trial library.',
    },
    verifyFailed: { title: 'Error', description: 'Failed to verify trial access.' },
  },
  card: {
    heading: 'Your trial',
    loading: 'Loading...',
    active: 'Active Trial',
    viewLibrary: 'View your Trial Training Library',
    expiringSoon: 'Your trial is expiring soon',
    pending: 'Trial Request Pending',
    pendingText:
      'Your request is awaiting approval. A notification will arrive once it is approved.',
    expired: 'Trial Expired',
    requestRetrial: 'Request Re-trial',
    contactAdmin: 'Please contact admin for continued access.',
    none: 'No Active Trial',
    noneText: 'Try three modules of the Revolve 360 library free for 30 days.',
    startTrial: 'Start Free Trial',
  },
  library: {
    notActive: 'Sign up for a trial to access the training modules.',
    /** The library's lead text for a user without an active trial (its heading stays). */
    introWithoutTrial:
      'Three modules from the Revolve 360 library, free for 30 days from the day a trial is approved.',
    signUp: 'Request Trial Access',
    openModule: 'Open module',
  },
  signup: {
    signUpPrompt: "Don't have an account?",
    signUpLink: 'Sign up',
    submit: 'Request Free Trial',
    submitting: 'Submitting...',
    signedInAs: 'You are signed in as',
    signedInHint: 'Request your free 30-day trial with this account.',
  },
  confirmation: {
    passwordLabel: 'Your trial password',
    passwordHint:
      'Use this password to unlock the modules of the training library during your trial.',
    openLibrary: 'Go to your Trial Training Library',
    /** Above the password once the trial is active (the page's intro while it awaits approval). */
    active: 'Your trial is active: use this password to unlock the training library.',
    noTrial: 'Your trial password appears here once you have requested a trial.',
    /** Instead of the password while the request awaits approval (the server withholds it). */
    pendingTitle: 'Awaiting approval',
    pending:
      'Your trial password appears here as soon as your trial is approved. You will get a notification too; there is no need to reload this page.',
    requestTrial: 'Request Trial Access',
    loading: 'Loading...',
  },
} as const;
