/**
 * The admin's sales pages (DESIGN.md section 6, "Admin pages beyond SPEC.md"): /admin/leads, the
 * interest registered on /book-demo, and /admin/activity, the audit log and the funnel. Their
 * titles and the links to them are in ./salesPages.ts.
 */
export const leadsPage = {
  heading: 'Leads',
  intro:
    'Interest registered on the Book a Demo page, newest first. Open a lead to read its message and record how you followed it up.',
  caption: 'Leads',
  searchLabel: 'Search leads by name, e-mail or subject',
  searchPlaceholder: 'Search by name, e-mail or subject',
  statusFilterLabel: 'Status',
  allStatuses: 'All statuses',
  columns: {
    received: 'Received',
    name: 'Name',
    email: 'E-mail',
    subject: 'Subject',
    status: 'Status',
    actions: 'Actions',
  },
  // One label for each value public.leads.status takes (its check constraint).
  statuses: { new: 'New', contacted: 'Contacted', closed: 'Closed' },
  open: 'View',
  openAccessibleLabel: (name: string) => `View the lead from ${name}`,
  empty: 'No leads yet',
  noMatches: (search: string) => `No matches for "${search}"`,
  noMatchesForStatus: 'No leads with this status',
  clearSearch: 'Clear search',
  loading: 'Loading...',
  loadFailed: 'Failed to load leads.',
  pagesLabel: 'Leads pages',
};

/** The leads' CSV export: the file's name part and its columns, in order (dates ISO 8601, UTC). */
export const leadsCsv = {
  list: 'leads',
  columns: {
    id: 'Lead ID',
    receivedAt: 'Received at',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
    status: 'Status',
    note: 'Note',
    updatedAt: 'Updated at',
  },
};

export const leadDialog = {
  received: (when: string) => `Received ${when}`,
  subjectLabel: 'Subject',
  messageLabel: 'Message',
  emailLabel: 'E-mail',
  statusLegend: 'Status',
  noteLabel: 'Note (optional)',
  noteHint: 'How you followed the lead up. Only admins see it.',
  noteTooLong: 'Note must be at most 2000 characters',
  privacy: 'The note is kept with the enquiry and deleted with it, 3 years after it was sent.',
  save: 'Save',
  saving: 'Saving...',
  close: 'Close',
  lastUpdated: (when: string) => `Last updated ${when}`,
};

export const leadToasts = {
  saved: {
    title: 'Lead Updated',
    description: (name: string, status: string) => `${name} is now marked ${status.toLowerCase()}.`,
  },
  saveFailed: { title: 'Update Failed', description: 'Failed to update the lead.' },
  loadFailed: { title: 'Error', description: 'Failed to load leads.' },
};

export const activityPage = {
  heading: 'Activity',
  intro:
    'What admins have done, how visitors move from interest to trial to a paid access code, and which e-mails have not reached people yet.',
  funnel: {
    heading: 'Funnel',
    periodLabel: 'Period',
    periods: [
      { days: 30, label: 'Last 30 days' },
      { days: 90, label: 'Last 90 days' },
    ],
    steps: {
      leads: 'Leads',
      trial_requests: 'Trial requests',
      approvals: 'Approvals',
      rejections: 'Rejections',
      trials_active_now: 'Trials active now',
      expiries: 'Trials ended',
      conversions: 'Conversions',
    },
    conversionsHint: 'Users who had a trial and later unlocked a module with an access code.',
    activeNowHint: 'Trials active today, whatever the period.',
    chartLabel: (period: string, parts: string[]) =>
      `Funnel, ${period.toLowerCase()}: ${parts.join(', ')}.`,
    loading: 'Loading...',
    loadFailed: 'Failed to load the funnel.',
  },
  moduleStarts: {
    heading: 'Module starts',
    intro: 'Modules unlocked in the period, by trial password or access code.',
    columns: { module: 'Module', starts: 'Starts' },
    chartLabel: (period: string, parts: string[]) =>
      `Module starts, ${period.toLowerCase()}: ${parts.join(', ')}.`,
    empty: 'No modules unlocked in this period',
  },
  auditLog: {
    heading: 'Audit log',
    caption: 'Audit log',
    actionFilterLabel: 'Action',
    allActions: 'All actions',
    actorLabel: 'Admin e-mail',
    actorPlaceholder: 'Filter by admin e-mail',
    columns: { when: 'When', admin: 'Admin', action: 'Action', details: 'Details' },
    empty: 'No admin actions yet',
    noMatches: 'No actions match these filters',
    clearFilters: 'Clear filters',
    loading: 'Loading...',
    loadFailed: 'Failed to load the audit log.',
    unknownActor: 'System',
    pagesLabel: 'Audit log pages',
  },
  emailDeliveries: {
    heading: 'E-mail deliveries',
    intro:
      'E-mails the site sends on its own (trial reminders, certificates) that the mail provider has not accepted. Their scheduled jobs try each again, up to its limit, and fail while any is waiting here; a delivered e-mail leaves the list.',
    caption: 'E-mails not delivered',
    columns: {
      email: 'E-mail',
      recipient: 'To',
      attempts: 'Attempts',
      lastAttempt: 'Last attempt',
      lastError: 'Last error',
      status: 'Status',
    },
    attempts: (made: number, limit: number) => `${made} of ${limit}`,
    statuses: {
      retrying: 'Tried again at the next run',
      sending: 'Being sent again',
      gaveUp: 'Gave up',
      cancelled: 'No longer needed',
    },
    empty: 'No failed e-mails',
    loading: 'Loading...',
    loadFailed: 'Failed to load e-mail deliveries.',
    pagesLabel: 'E-mail delivery pages',
  },
};

/** The e-mails the database asks for, one for each value public.email_deliveries.kind takes. */
export const emailKinds = {
  trial_reminder: 'Trial reminder',
  certificate_issued: 'Certificate ready',
  certificate_portfolio: 'Certificate to a portfolio',
  organisation_invitation: 'Organisation invitation',
  assignment_reminder: 'Assignment reminder',
  overdue_digest: 'Overdue digest to a manager',
  mfa_lockout: 'Sign-in lock-out alert',
};

/** One for each value public.admin_audit_log.action takes. */
export const auditActions = {
  approve_trial: 'Approved a trial',
  reject_trial: 'Rejected a trial',
  expire_trial: 'Expired a trial',
  delete_trial: 'Deleted a trial',
  grant_admin: 'Granted admin',
  create_access_code: 'Created an access code',
  revoke_access_code: 'Revoked an access code',
  update_lead: 'Updated a lead',
  create_lrs_client: 'Created an LRS client',
  revoke_lrs_client: 'Revoked an LRS client',
  revoke_certificate: 'Revoked a certificate',
  create_organisation: 'Created an organisation',
  update_organisation: 'Updated an organisation',
  invite_member: 'Invited a member',
  resend_invitation: 'Resent an invitation',
  withdraw_invitation: 'Withdrew an invitation',
  remove_member: 'Removed a member',
  change_member_cohort: "Changed a member's cohort",
  create_cohort: 'Created a cohort',
  rename_cohort: 'Renamed a cohort',
  delete_cohort: 'Deleted a cohort',
  assign_module: 'Assigned a module',
  withdraw_assignment: 'Withdrew an assignment',
  revoke_admin: 'Removed admin',
  demote_manager: 'Removed manager role',
  delete_account: 'Deleted an account',
  apply_retention: 'Applied the retention policy',
};

/** The audit entries' details shown in the log, in this order; other keys are not shown. */
export const auditDetailLabels: Record<string, string> = {
  email: 'E-mail',
  organisation: 'Organisation',
  code_hint: 'Code ending',
  role: 'Role',
  previous_status: 'Was',
  status: 'Now',
  note: 'Note',
  can_retrial: 'Re-trial allowed',
  seat_limit: 'Seats',
  expires_at: 'Expires',
  code: 'Certificate',
  module: 'Module',
  due_on: 'Due',
  cohort: 'Cohort',
  name: 'Name',
  reason: 'Reason',
  memberships_ended: 'Memberships ended',
  certificates_withdrawn: 'Certificates withdrawn',
  accounts_deleted: 'Accounts deleted',
  leads_deleted: 'Leads deleted',
  invitations_deleted: 'Invitations deleted',
  audit_lines_anonymised: 'Log entries anonymised',
};

export const auditDetailValues = { yes: 'Yes', no: 'No' };

export const activityToasts = {
  loadFailed: { title: 'Error', description: 'Failed to load activity.' },
};
