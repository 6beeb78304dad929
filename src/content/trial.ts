/**
 * The trial request's copy and the trial's toasts: SPEC.md's strings, quoted exactly, and the text
 * around them. The trial's state (card, library, confirmation) is in ./trialStatus.ts.
 */
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
  signup: {
    signUpPrompt: "Don't have an account?",
    signUpLink: 'Sign up',
    submit: 'Request Free Trial',
    submitting: 'Submitting...',
    signedInAs: 'You are signed in as',
    signedInHint: 'Request your free 30-day trial with this account.',
  },
} as const;
