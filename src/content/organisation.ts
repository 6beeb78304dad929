/**
 * /organisation: an organisation's manager runs their staff's training (DESIGN.md section 7,
 * "Organisations"). Server refusals carry their own words (the database functions' messages);
 * these are the page's.
 */

const count = (value: number) => value.toLocaleString('en-GB');
const plural = (value: number, one: string, many: string) =>
  `${count(value)} ${value === 1 ? one : many}`;

export const organisationPage = {
  heading: 'Your organisation',
  intro:
    'Invite your staff, group them into cohorts, assign training with due dates and follow who has completed it.',
  loading: 'Loading...',
  loadFailed: 'Your organisations could not be loaded. Please try again.',
  retry: 'Try again',
  notManager: {
    heading: 'This page is for organisation managers',
    text: 'You do not manage an organisation on Revolve. If your organisation uses Revolve, ask its manager, or Revolve, to make you a manager. Your own training is on your dashboard.',
    dashboard: 'Go to your dashboard',
  },
  secondFactor: {
    heading: 'Two-factor sign-in needed',
    text: (names: string) =>
      `Managing ${names} shows your staff's names, e-mail addresses and training records, so it needs two-factor sign-in. Set up an authenticator app and you will come back here.`,
    action: 'Set up an authenticator app',
  },
  switcher: {
    label: 'Organisation',
    hint: 'You manage more than one organisation. Choose the one to show.',
  },
  tabsLabel: 'Organisation sections',
  tabs: {
    members: 'Members',
    invitations: 'Invitations',
    cohorts: 'Cohorts',
    assignments: 'Assignments',
    progress: 'Completion',
  },
};

export const organisationOverview = {
  loading: 'Loading the overview...',
  loadFailed: 'The overview could not be loaded.',
  seats: 'Seats',
  seatsUsed: (used: number, total: number) => `${count(used)} of ${count(total)} used`,
  term: 'Term',
  termDates: (starts: string, ends: string) => `${starts} to ${ends}`,
  status: {
    upcoming: 'Not started yet',
    active: 'Active',
    ended: 'Ended',
  },
  openInvitations: 'Open invitations',
  openInvitationsValue: (open: number) => count(open),
  kinds: {
    gp_practice: 'GP practice',
    pcn: 'Primary care network',
    training_hub: 'Training hub',
    icb: 'Integrated care board',
    trust: 'Trust',
    university: 'University',
    other: 'Organisation',
  },
};

/** The filters the members list and the completion matrix share. */
export const memberFilters = {
  searchLabel: 'Search members by name or e-mail',
  searchPlaceholder: 'Name or e-mail',
  cohortLabel: 'Cohort',
  allCohorts: 'All cohorts',
  noCohort: 'No cohort',
  sortLabel: 'Sort by',
  sorts: {
    name: 'Name',
    cohort: 'Cohort',
    completed: 'Most completed',
    overdue: 'Most overdue',
  },
  noMatches: 'No members match these filters.',
  clearFilters: 'Clear filters',
};

export const membersPanel = {
  heading: 'Members',
  intro: 'Everyone in your organisation. Each member takes one seat.',
  invite: 'Invite people',
  // Each panel's table caption differs from its heading: the table's scroll region and the panel
  // are both landmarks, and two landmarks of one name fail axe (landmark-unique).
  caption: 'Members of your organisation',
  pagesLabel: 'Member pages',
  columns: {
    name: 'Name',
    email: 'E-mail',
    cohort: 'Cohort',
    role: 'Role',
    joined: 'Joined',
    completed: 'Completed',
    overdue: 'Overdue',
    actions: 'Actions',
  },
  roles: { manager: 'Manager', learner: 'Learner' },
  /** A member whose profile has no name yet: their e-mail stands in. */
  unnamed: 'Member',
  completedOf: (completed: number, assigned: number) => `${count(completed)} of ${count(assigned)}`,
  overdue: (overdue: number) => count(overdue),
  cohortSelectLabel: (name: string) => `Cohort of ${name}`,
  loading: 'Loading members...',
  loadFailed: 'The members could not be loaded.',
  empty: 'No members yet. Invite your staff to get started.',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removeConfirm: {
    title: (name: string) => `Remove ${name}?`,
    description: (name: string, organisation: string) =>
      `${name}'s access to the training that came from ${organisation} (its assignments and access codes) ends now, and their seat is freed. Their own learning records and certificates stay theirs.`,
    confirm: 'Remove member',
  },
  removed: (name: string) => `${name} was removed. Their seat is free.`,
  removeFailed: { title: 'Not removed', description: 'The member could not be removed.' },
  cohortChanged: (name: string, cohort: string | null) =>
    cohort ? `${name} is now in ${cohort}.` : `${name} is no longer in a cohort.`,
  cohortFailed: { title: 'Cohort not changed', description: 'The cohort could not be changed.' },
};

export const inviteDialog = {
  title: 'Invite people',
  description:
    'Each person gets an e-mail with a link to join. An open invitation holds a seat for 14 days.',
  modeLabel: 'How to invite',
  privacy:
    'We use these names and addresses only to send the invitations and to show you who has joined.',
  modes: { addresses: 'Type addresses', csv: 'Upload a CSV file' },
  addressesLabel: 'E-mail addresses',
  addressesHint: 'One per line, or separated by commas. Up to 500 at a time.',
  cohortLabel: 'Cohort (optional)',
  cohortHint: 'Everyone invited here joins this cohort.',
  noCohort: 'No cohort',
  fileLabel: 'CSV file',
  fileHint:
    'A header row, then one person per row. Columns: email (required), name and cohort (optional). A cohort that does not exist yet is created. Up to 500 rows.',
  fileRead: (rows: number, name: string) =>
    `${plural(rows, 'person', 'people')} read from ${name}.`,
  fileReading: 'Reading the file...',
  send: 'Send invitations',
  sending: 'Sending...',
  cancel: 'Cancel',
  close: 'Close',
  inviteMore: 'Invite more people',
  errors: {
    noAddresses: 'Enter at least one e-mail address',
    tooMany: (rows: number) =>
      `That is ${count(rows)} people. Invite up to 500 at a time: split the list and send it in parts.`,
    noFile: 'Choose a CSV file',
    failed: 'The invitations could not be sent. Nothing was sent; your list is still here.',
  },
  csvErrors: {
    empty: 'The file has no people in it.',
    noEmailColumn:
      'The file has no "email" column. Its first row must name the columns: email, and optionally name and cohort.',
    tooMany: (rows: number) =>
      `The file has ${count(rows)} people. Upload up to 500 at a time: split the file and upload each part.`,
    unreadable:
      'The file could not be read as CSV. Save it as CSV (comma separated) and try again.',
  },
};

export const inviteResults = {
  heading: 'Results',
  caption: 'Invitation results',
  columns: { row: 'Row', email: 'E-mail', result: 'Result' },
  /** The wording of each result invite_organisation_members gives. */
  results: {
    invited: 'Invited',
    already_invited: 'Already invited',
    already_member: 'Already a member',
    invalid_email: 'Invalid e-mail address',
    invalid_name: 'Invalid name',
    invalid_cohort: 'Invalid cohort name',
    duplicate: 'Listed twice',
    no_seat: 'No seat left',
  },
  unknown: 'Not invited',
  noAddress: '(no address)',
  summary: (invited: number, total: number) =>
    `${plural(invited, 'person', 'people')} invited out of ${count(total)}.`,
  summaryParts: (parts: string[]) => parts.join(', '),
  part: (label: string, rows: number) => `${label}: ${count(rows)}`,
  noSeatHint:
    'Remove members or withdraw invitations to free seats, or ask Revolve for more seats.',
};

export const invitationsPanel = {
  heading: 'Invitations',
  intro:
    'Invitations not yet accepted. An expired invitation no longer holds a seat; resend it to renew it.',
  caption: 'Open and expired invitations',
  pagesLabel: 'Invitation pages',
  columns: {
    email: 'E-mail',
    name: 'Name',
    cohort: 'Cohort',
    sent: 'Sent',
    expires: 'Expires',
    status: 'Status',
    delivery: 'E-mail status',
    actions: 'Actions',
  },
  statuses: { pending: 'Pending', expired: 'Expired' },
  deliveries: {
    sending: 'Sending',
    retrying: 'Retrying',
    sent: 'Sent',
    failed: 'Failed',
  },
  loading: 'Loading invitations...',
  loadFailed: 'The invitations could not be loaded.',
  empty: 'No open invitations.',
  resend: 'Resend',
  resendLabel: (email: string) => `Resend the invitation to ${email}`,
  resent: (email: string) => `The invitation to ${email} was sent again.`,
  resendFailed: { title: 'Not sent', description: 'The invitation could not be sent again.' },
  withdraw: 'Withdraw',
  withdrawLabel: (email: string) => `Withdraw the invitation to ${email}`,
  withdrawConfirm: {
    title: 'Withdraw this invitation?',
    description: (email: string) =>
      `The link sent to ${email} stops working and the seat it held is freed.`,
    confirm: 'Withdraw invitation',
  },
  withdrawn: (email: string) => `The invitation to ${email} was withdrawn.`,
  withdrawFailed: {
    title: 'Not withdrawn',
    description: 'The invitation could not be withdrawn.',
  },
};

export const cohortsPanel = {
  heading: 'Cohorts',
  intro: 'Group members to assign training to some of them.',
  caption: 'Cohorts and their members',
  columns: { name: 'Cohort', members: 'Members', actions: 'Actions' },
  members: (members: number) => count(members),
  loading: 'Loading cohorts...',
  loadFailed: 'The cohorts could not be loaded.',
  empty: 'No cohorts yet.',
  createHeading: 'New cohort',
  nameLabel: 'Cohort name',
  nameHint: 'Up to 100 characters, for example "Nurses 2026".',
  create: 'Create cohort',
  creating: 'Creating...',
  created: (name: string) => `Cohort ${name} created.`,
  rename: 'Rename',
  renameLabel: (name: string) => `Rename ${name}`,
  renameTitle: (name: string) => `Rename ${name}`,
  renameSave: 'Save name',
  renaming: 'Saving...',
  renamed: (name: string) => `The cohort is now called ${name}.`,
  cancel: 'Cancel',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete ${name}`,
  deleteConfirm: {
    title: (name: string) => `Delete ${name}?`,
    description:
      "Its members stay in your organisation without a cohort. The training assigned to this cohort is withdrawn; members' own progress and certificates stay.",
    confirm: 'Delete cohort',
  },
  deleted: (name: string) => `Cohort ${name} deleted.`,
  deleteFailed: { title: 'Not deleted', description: 'The cohort could not be deleted.' },
  errors: {
    required: 'Enter a name for the cohort',
    tooLong: 'Use 100 characters or fewer',
    control: 'Use letters, numbers, spaces and punctuation only',
    failed: 'The cohort could not be saved. Please try again.',
  },
};

export const assignmentsPanel = {
  heading: 'Assignments',
  intro:
    'Assign a training module to everyone or to one cohort, with a due date. Assigning it again to the same people moves the due date.',
  caption: 'Modules assigned',
  columns: {
    module: 'Module',
    to: 'Assigned to',
    due: 'Due',
    assigned: 'Assigned',
    actions: 'Actions',
  },
  everyone: 'Everyone',
  loading: 'Loading assignments...',
  loadFailed: 'The assignments could not be loaded.',
  empty: 'Nothing assigned yet.',
  formHeading: 'Assign a module',
  moduleLabel: 'Module',
  choose: 'Choose a module',
  toLabel: 'Assign to',
  dueLabel: 'Due date',
  dueHint: 'Today or later.',
  assign: 'Assign',
  assigning: 'Assigning...',
  assigned: (module: string, to: string, due: string) => `${module} assigned to ${to}, due ${due}.`,
  withdraw: 'Withdraw',
  withdrawLabel: (module: string, to: string) => `Withdraw ${module} from ${to}`,
  withdrawConfirm: {
    title: (module: string) => `Withdraw ${module}?`,
    description: (to: string) =>
      `${to} will no longer have it assigned. Progress and certificates already earned stay.`,
    confirm: 'Withdraw assignment',
  },
  withdrawn: (module: string) => `${module} withdrawn.`,
  withdrawFailed: { title: 'Not withdrawn', description: 'The assignment could not be withdrawn.' },
  errors: {
    module: 'Choose a module',
    due: 'Choose a due date',
    past: 'The due date cannot be in the past',
    failed: 'The module could not be assigned. Please try again.',
  },
};

export const completionMatrix = {
  heading: 'Completion',
  intro:
    'Each member against the modules assigned to them or unlocked with your access codes. A dash means the module is not assigned to that member.',
  caption: 'Completion by member and module',
  pagesLabel: 'Completion pages',
  columns: { member: 'Member', cohort: 'Cohort', completed: 'Completed', overdue: 'Overdue' },
  completedOf: (completed: number, assigned: number) => `${count(completed)} of ${count(assigned)}`,
  overdueCount: (overdue: number) => count(overdue),
  notStarted: 'Not started',
  inProgress: (percent: number) => `In progress ${percent}%`,
  completed: (date: string) => `Completed ${date}`,
  completedUndated: 'Completed',
  certificate: 'Certificate',
  certificateLabel: (module: string, name: string) => `Certificate of ${name} for ${module}`,
  overdue: 'Overdue',
  due: (date: string) => `Due ${date}`,
  notAssigned: 'Not assigned',
  loading: 'Loading progress...',
  loadFailed: 'Progress could not be loaded.',
  noModules: 'Nothing is assigned yet, and no member has unlocked a module with your codes.',
  empty: 'No members yet.',
};

/** The completion matrix's CSV file: its columns beside the module columns. */
export const completionCsv = {
  list: 'completion',
  columns: {
    name: 'Name',
    email: 'E-mail',
    cohort: 'Cohort',
    completed: 'Completed',
    assigned: 'Assigned',
    overdue: 'Overdue',
  },
  cell: (text: string, overdue: boolean) => (overdue ? `${text} (Overdue)` : text),
};

/** Shared by the page's confirmations. */
export const organisationConfirm = { cancel: 'Cancel' };
