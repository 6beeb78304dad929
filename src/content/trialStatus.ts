/**
 * The copy of a trial's state: the dashboard's card, the trial library and the confirmation page
 * (SPEC.md's strings, quoted exactly). Apart from ./trial.ts, so the trial request's page does not
 * load it.
 */
export const trialStatusCopy = {
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
