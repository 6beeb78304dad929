/**
 * CPD certificates (docs/certificates.md): the learner's /certificates, the public check on
 * /verify/:code and the admins' /admin/certificates. Page titles are in ./pages.ts; the dashboard's
 * section is in ./myCertificates.ts.
 */

export const certificatesPage = {
  heading: 'My certificates',
  intro:
    'A CPD certificate for each module you complete. Add a reflection to count it towards your CPD credits, download it as a PDF, and share its verification link with your appraiser.',
  loading: 'Loading your certificates...',
  loadFailed: 'We could not load your certificates.',
  retryLabel: 'Try again',
  empty: 'You have no certificates yet. Complete a module to earn one.',
  browseModules: 'Go to your training',
  listLabel: 'Your certificates',
  facts: {
    completed: 'Completed',
    verifiedTime: 'Verified time',
    cpdTime: 'CPD time',
    credits: 'Credits',
    code: 'Certificate code',
    verifyLink: 'Verification link',
    status: 'Status',
    revokedOn: 'Revoked on',
    reason: 'Reason',
    reflection: 'Reflection',
  },
  /** In the credits' place until the learner has reflected. */
  noCredits: 'Add a reflection to count this towards your CPD credits.',
  reflectionAdded: (date: string) => `Added ${date}`,
  noReflection: 'Not added yet',
  revokedNotice: (date: string) => `Revoked on ${date}`,
  revokedHelp:
    'This certificate is no longer valid and cannot be downloaded. Complete the module again to earn a new one, or contact us if you think this is a mistake.',
  actions: {
    download: 'Download PDF',
    downloading: 'Preparing PDF...',
    addReflection: 'Add reflection',
    editReflection: 'Edit reflection',
    copyLink: 'Copy verification link',
    copied: 'Copied',
    sendToPortfolio: 'Send to my portfolio',
  },
  sends: {
    heading: 'Sent to a portfolio',
    /** One send: where it went, when it was asked for, and how it went. */
    line: (recipient: string, when: string) => `${recipient}, ${when}`,
    status: {
      sending: 'Sending',
      retrying: 'Not sent yet: trying again',
      sent: 'Sent',
      failed: 'Not sent',
    } as Record<string, string>,
  },
  /** Each action's accessible name: the action and the module, as every card has the same ones. */
  actionLabel: (action: string, moduleTitle: string) => `${action}: ${moduleTitle}`,
  copiedAnnouncement: 'Verification link copied to the clipboard.',
  copyFailed: 'Could not copy. Select the link and copy it yourself.',
  downloadFailed: {
    title: 'The PDF could not be made',
    description: 'Something went wrong while making your certificate. Please try again.',
  },
};

/** Under a text box with a limit: how much of it is used. */
export const characterCountLabel = (used: number, limit: number) =>
  `${used.toLocaleString('en-GB')} of ${limit.toLocaleString('en-GB')} characters`;

/** The RCGP learning note's three parts. */
export const reflectionDialog = {
  addTitle: 'Add a reflection',
  editTitle: 'Edit your reflection',
  description: (moduleTitle: string) =>
    `Your learning note for ${moduleTitle}, in the three parts the RCGP asks for. Fill in all three to count the certificate towards your CPD credits, or empty all three to remove the reflection.`,
  fields: {
    learned: 'What I learned',
    application: 'How I will apply it',
    nextSteps: 'What I will do next',
  },
  errors: {
    missing: 'Fill in this part, or empty all three',
    tooLong: (limit: number) => `Write ${limit.toLocaleString('en-GB')} characters or fewer`,
    failed: 'Your reflection could not be saved. Please try again.',
  },
  save: 'Save reflection',
  saving: 'Saving...',
  cancel: 'Cancel',
  privacy:
    'Your learning note is kept with the certificate. Only you and our admins see it, and it goes only where you send it.',
  saved: { title: 'Reflection saved', description: (moduleTitle: string) => moduleTitle },
  removed: {
    title: 'Reflection removed',
    description: (moduleTitle: string) => moduleTitle,
  },
};

/** 'Send to my portfolio': the learning note and the PDF, e-mailed to an address the learner gives. */
export const portfolioDialog = {
  title: 'Send to my portfolio',
  description: (moduleTitle: string) =>
    `We will e-mail your learning note for ${moduleTitle} with the certificate attached as a PDF: to your appraisal portfolio's inbox (your FourteenFish or Clarity address, for example), or to yourself.`,
  noReflection:
    'You have not added a reflection yet: the e-mail will carry the certificate without a learning note, and it will not count towards your CPD credits.',
  privacy:
    'We keep the address with the certificate so that you can send to it again, and use it for nothing else.',
  recipientLabel: 'Send to',
  recipientHint: 'An e-mail address. You can send up to 5 certificates an hour.',
  errors: {
    required: 'Enter the e-mail address to send it to',
    invalid: 'Enter a valid email address',
    tooLong: 'Email must be 254 characters or fewer',
    failed: 'Your certificate could not be sent. Please try again.',
  },
  send: 'Send certificate',
  sending: 'Sending...',
  cancel: 'Cancel',
  sent: {
    title: 'Certificate on its way',
    description: (recipient: string) => `We are sending it to ${recipient}.`,
  },
};

/** /verify and /verify/:code: anyone checks a certificate by its code. */
export const verifyPage = {
  heading: 'Check a certificate',
  intro:
    'Enter the code printed on a Revolve CPD certificate to check that it is genuine and still valid.',
  checking: 'Checking the certificate...',
  valid: {
    title: 'Valid certificate',
    summary: 'This is a genuine Revolve CPD certificate.',
  },
  revoked: {
    title: 'Not valid: this certificate was revoked',
    summary: (date: string) => `This certificate was revoked on ${date}.`,
    warning: 'Do not accept it as evidence of learning.',
  },
  withdrawn: {
    title: 'No longer available',
    summary:
      'The holder of this certificate has deleted their Revolve account, so the certificate can no longer be verified.',
  },
  notFound: {
    title: 'No certificate has this code',
    summary: (code: string) =>
      `We could not find a certificate with the code ${code}. Check the code and try again.`,
    summaryNoCode: 'Check the code and try again.',
  },
  failed: 'We could not check this certificate just now.',
  /** When the server gives no words of its own for too many checks. */
  tooMany: 'Too many checks. Please wait a minute and try again.',
  retryLabel: 'Try again',
  facts: {
    holder: 'Awarded to',
    module: 'Module',
    completed: 'Completed',
    verifiedTime: 'Verified learning time',
    code: 'Certificate code',
  },
  form: {
    title: 'Check a code',
    otherTitle: 'Check another code',
    label: 'Certificate code',
    hint: 'The 12 characters printed on the certificate, for example ABCD-EFGH-JKLM.',
    submit: 'Check certificate',
    invalid: 'Enter the 12-character code printed on the certificate',
  },
};

/** /admin/certificates. */
export const adminCertificatesPage = {
  heading: 'Certificates',
  intro:
    'Every CPD certificate issued, newest first. Revoke one issued in error: its verification page then says it is not valid.',
  searchLabel: 'Search certificates',
  searchPlaceholder: 'Full code or e-mail',
  caption: 'Certificates',
  columns: {
    issued: 'Issued',
    learner: 'Learner',
    module: 'Module',
    code: 'Code',
    minutes: 'Minutes',
    status: 'Status',
    actions: 'Actions',
  },
  minutes: (minutes: number) => `${minutes.toLocaleString('en-GB')} min`,
  revokedOn: (date: string) => `Revoked ${date}`,
  loading: 'Loading...',
  loadFailed: 'Failed to load the certificates.',
  empty: 'No certificates have been issued yet',
  noMatches: (search: string) => `No matches for "${search}"`,
  clearSearch: 'Clear search',
  pagesLabel: 'Certificate pages',
  revoke: 'Revoke',
  revokeLabel: (code: string, learner: string) => `Revoke certificate ${code} of ${learner}`,
};

export const revokeDialog = {
  title: 'Revoke this certificate?',
  description: (code: string, learner: string, moduleTitle: string) =>
    `${learner}'s certificate ${code} for ${moduleTitle} will show as revoked to anyone who checks it. This cannot be undone.`,
  reasonLabel: 'Reason',
  reasonHint: 'The learner sees it on their certificates page. Up to 500 characters.',
  errors: {
    required: 'Give a reason for revoking the certificate',
    tooLong: 'Write 500 characters or fewer',
    failed: 'The certificate could not be revoked. Please try again.',
  },
  confirm: 'Revoke certificate',
  revoking: 'Revoking...',
  cancel: 'Cancel',
  revoked: {
    title: 'Certificate revoked',
    description: (code: string) => `${code} now shows as revoked.`,
  },
};
