/**
 * /admin/access-codes: organisation access codes (DESIGN.md section 6, "Customers' access"). Admins
 * issue a code per organisation; its staff type it on /unlock/:slug like a trial password. The page
 * title is in ./pages.ts.
 */
export const accessCodesPage = {
  heading: 'Access Codes',
  intro:
    "Give an organisation's staff access to training modules with a code of its own. Codes can expire, hold a number of seats and cover some modules only.",
  /** The Admin Dashboard header's link here. */
  dashboardLink: 'Access codes',
};

export const accessCodeForm = {
  title: 'New access code',
  organisationLabel: 'Organisation',
  organisationPlaceholder: 'Select an organisation',
  organisationsLoading: 'Loading organisations...',
  organisationsFailed: 'Failed to load the organisations. Reload the page to try again.',
  /** An organisation whose term has ended, in the choice. */
  endedOrganisation: (name: string) => `${name} (term ended)`,
  noOrganisations: 'There are no organisations yet.',
  createOrganisationFirst: 'Create an organisation first',
  expiryLabel: 'Last day of access (optional)',
  expiryHint: 'The code stops working at the end of this day. Leave empty for no expiry.',
  seatLimitLabel: 'Seat limit (optional)',
  seatLimitHint: 'How many people may use the code. Leave empty for no limit.',
  modulesLegend: 'Modules (optional)',
  modulesHint: 'Tick the modules the code opens. None ticked: all nine.',
  submitLabel: 'Create code',
  busyLabel: 'Creating...',
  errors: {
    organisationMissing: 'Choose an organisation',
    expiryPast: 'Choose today or a later day',
    seatLimit: 'Seat limit must be a whole number from 1 to 100000',
  },
};

export const issuedCodeDialog = {
  title: 'Access code created',
  description: (organisation: string) =>
    `Give this code to ${organisation}. Its staff enter it on a module's unlock page.`,
  codeLabel: 'Access code',
  notShownAgain:
    'This code will not be shown again. Copy it now and share it with the organisation; if it is lost, revoke it and create a new one.',
  copyLabel: 'Copy code',
  copiedLabel: 'Copied',
  /** Announced when the copy worked (the button's new label alone is not announced). */
  copiedAnnouncement: 'Access code copied to the clipboard.',
  copyFailed: 'Could not copy. Select the code and copy it yourself.',
  doneLabel: 'Done',
};

export const accessCodeList = {
  caption: 'Access codes',
  columns: {
    organisation: 'Organisation',
    code: 'Code',
    modules: 'Modules',
    seats: 'Seats used',
    expiry: 'Valid until',
    status: 'Status',
    created: 'Created',
    actions: 'Actions',
  },
  /** The code's last four characters; the rest is never stored. */
  codeHint: (hint: string) => `\u2026${hint}`,
  codeHintLabel: (hint: string) => `ending ${hint}`,
  allModules: 'All modules',
  noLimit: 'no limit',
  noExpiry: 'No expiry',
  createdBy: (email: string) => `by ${email}`,
  empty: 'No access codes yet',
  loading: 'Loading...',
  loadFailed: 'Failed to load access codes.',
  statuses: { active: 'Active', expired: 'Expired', full: 'Full', revoked: 'Revoked' },
  revokeLabel: 'Revoke',
  revokeAccessibleLabel: (organisation: string, hint: string) =>
    `Revoke the code for ${organisation} ending ${hint}`,
  processing: 'Processing...',
};

export const revokeConfirmation = {
  title: 'Revoke this access code?',
  description: (organisation: string, hint: string) =>
    `The code for ${organisation} ending ${hint} stops working at once. Modules already unlocked with it stay unlocked. This cannot be undone.`,
  confirmLabel: 'Revoke',
};

export const accessCodeToasts = {
  created: { title: 'Access Code Created', description: 'Copy the code now: it is shown once.' },
  createFailed: { title: 'Creation Failed', description: 'Failed to create the access code.' },
  revoked: {
    title: 'Access Code Revoked',
    description: (organisation: string) => `The code for ${organisation} no longer works.`,
  },
  revokeFailed: { title: 'Revoke Failed', description: 'Failed to revoke the access code.' },
  loadFailed: { title: 'Error', description: 'Failed to load access codes.' },
};
